import { sha256Hex } from '../ids';
import type { Entry, EntryOf, KnownEntry, KnownKind } from '../ledger/entries';
import type { CoherenceIndex } from './coherenceIndex';
import type { CoherenceKernel } from './kernel';

/**
 * The idem of a change the scan observed on disk (an edit, a move, an adoption, a checkout): a
 * digest of the change itself, so every window and every writer that observes it names it the same
 * and the ledger holds it once (vmark.md §8.2). `before` is what the change started from (the
 * parent revision, the idem of the path registration it replaces, the last navigation), so a change
 * undone and made again (A → B → A → B) is a new observation.
 */
export const observedIdem = (kind: KnownKind, object: string, before: string, after: string): string =>
  `observed:${sha256Hex(`${kind}\n${object}\n${before}\n${after}`)}`;

/**
 * Whether the index already records what a scan entry observed under another idem: a
 * transformation whose revisions it knows (another window captured the save, or observed the
 * edit first), or a registration of the path the document is at.
 */
export function alreadyRecorded(index: CoherenceIndex, entry: KnownEntry | Entry): boolean {
  const known = entry as KnownEntry;
  if (known.kind === 'transformation') return known.body.outputs.every((o) => index.objects.get(o.object)?.revisions.has(o.revision) === true);
  if (known.kind === 'object-registered') {
    const object = index.objects.get(known.body.object);
    return object !== undefined && object.revisions.size > 0 && object.path === known.body.path;
  }
  return false;
}

/** The scan found document `object` at `path`: its registration there, named by the registration it replaces. */
export function observedRegistration(kernel: CoherenceKernel, object: string, path: string): EntryOf<'object-registered'> {
  const before = kernel.index.objects.get(object)?.pathEntry?.idem ?? '';
  return kernel.entry('object-registered', { object, path }, observedIdem('object-registered', object, before, path));
}
