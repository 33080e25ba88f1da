import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { parsesAs, type ReparseContext } from './verify';

const ESCAPED_PUNCTUATION = /\\([!-/:-@[-`{-~])/g;

/** Text blocks whose escapes are worth trimming; their text reads the same standing alone. */
const RELAXED_TYPES = new Set(['paragraph', 'heading']);

/**
 * remark escapes every character that could start markup (`2 \* 3`, `中文\*\*强调。\*\*`).
 * For each escaped character, drops its escapes when the block still parses to the same
 * content without them, unless the author escaped that character in the block's old text.
 */
export function withoutNeedlessEscapes(
  text: string,
  node: ProseMirrorNode,
  previousText: string | undefined,
  reparse: ReparseContext,
): string {
  if (!RELAXED_TYPES.has(node.type.name) || !text.includes('\\')) return text;
  const characters = new Set([...text.matchAll(ESCAPED_PUNCTUATION)].map((match) => match[1]!));
  let result = text;
  for (const character of characters) {
    if (previousText?.includes(`\\${character}`)) continue;
    const candidate = removeEscapes(result, character);
    if (candidate !== result && parsesAs(candidate, [node], reparse)) result = candidate;
  }
  return result;
}

function removeEscapes(text: string, character: string): string {
  const escapedCharacter = character.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
  // Only a backslash that is not itself escaped escapes the character.
  return text.replace(new RegExp(`(?<!\\\\)((?:\\\\\\\\)*)\\\\${escapedCharacter}`, 'g'), `$1${character}`);
}
