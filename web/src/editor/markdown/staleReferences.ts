import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { normalizeLabel } from './mdastNode';
import type { DefinitionTarget } from './toMdastInline';

/** The check when no definition changed since parsing. */
export const NOTHING_STALE = (_node: ProseMirrorNode): boolean => false;

/**
 * The labels whose definition was removed, added or changed since parsing. An unchanged block
 * that uses one of them (or, for a new label, has its text in brackets) reads differently now,
 * so its original bytes no longer fit.
 */
export function staleReferenceCheck(
  before: ReadonlyMap<string, DefinitionTarget>,
  after: ReadonlyMap<string, DefinitionTarget>,
): (node: ProseMirrorNode) => boolean {
  const changed = new Set<string>();
  const added: string[] = [];
  for (const label of new Set([...before.keys(), ...after.keys()])) {
    const old = before.get(label);
    const current = after.get(label);
    if (old?.url === current?.url && old?.title === current?.title) continue;
    changed.add(label);
    if (!old) added.push(label.toLowerCase());
  }
  if (changed.size === 0) return NOTHING_STALE;

  const usesChangedLabel = (node: ProseMirrorNode): boolean => {
    let found = false;
    node.descendants((child) => {
      if (found) return false;
      const labels = [child.attrs.referenceLabel, ...child.marks.map((mark) => mark.attrs.referenceLabel)];
      found = labels.some((label) => typeof label === 'string' && changed.has(normalizeLabel(label)));
      if (!found && child.isText && added.length > 0) {
        const text = (child.text ?? '').toLowerCase();
        found = added.some((label) => text.includes(`[${label}`));
      }
      return !found;
    });
    return found;
  };
  return usesChangedLabel;
}
