import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

/** The document's text with the position of each character; whitespace runs and block breaks count as one space. */
interface TextIndex {
  text: string;
  /** positions[i] is where text[i] starts; a block break maps to -1. */
  positions: number[];
}

/** Documents are immutable: each is indexed once, however many quotes are looked up in it (none without comments). */
const indexes = new WeakMap<ProseMirrorNode, TextIndex>();

function indexOf(doc: ProseMirrorNode): TextIndex {
  let index = indexes.get(doc);
  if (!index) {
    index = indexText(doc);
    indexes.set(doc, index);
  }
  return index;
}

function indexText(doc: ProseMirrorNode): TextIndex {
  let text = '';
  const positions: number[] = [];
  const push = (char: string, pos: number) => {
    const space = /\s/.test(char);
    if (space && (text.length === 0 || text.endsWith(' '))) return;
    text += space ? ' ' : char;
    positions.push(space ? -1 : pos);
  };
  doc.descendants((node, pos) => {
    if (node.isText) {
      const value = node.text ?? '';
      for (let i = 0; i < value.length; i++) push(value[i] as string, pos + i);
    } else if (node.isBlock) {
      push('\n', -1);
    } else if (node.isLeaf) {
      // a hard break or an inline atom stands between words like a space
      push(' ', -1);
    }
    return true;
  });
  return { text, positions };
}

/**
 * The quote as the formatted view shows it: markdown emphasis, code and link syntax removed,
 * whitespace runs (line breaks too) as one space. Good enough to find the quoted words again.
 */
export function visibleText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/!?\[([^\]]*)\]\[[^\]]*\]/g, '$1')
    .replace(/^\s{0,3}(#{1,6}\s+|>\s?|[-+*]\s+(\[[ xX]\]\s+)?|\d+[.)]\s+)/gm, '')
    .replace(/(\*\*|__|~~|[*_`])/g, '')
    .replace(/\\([\\`*_{}[\]()#+\-.!|~<>])/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

function occurrences(haystack: string, needle: string, limit: number): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at >= 0 && at < limit; at = haystack.indexOf(needle, at + 1)) count++;
  return count;
}

/**
 * Where a quote of the markdown text is in the editor's document, as ProseMirror positions. The
 * anchor at `start` of `markdown` is the n-th copy of the quote there; the n-th copy of its visible
 * text in the document is taken (the last one when the document has fewer). Null when it is not there.
 */
export function quoteRange(doc: ProseMirrorNode, markdown: string, quote: string, start: number): { from: number; to: number } | null {
  const needle = visibleText(quote);
  if (needle.length === 0) return null;
  const ordinal = occurrences(markdown, quote, start);
  const index = indexOf(doc);
  let found = -1;
  let seen = 0;
  for (let at = index.text.indexOf(needle); at >= 0; at = index.text.indexOf(needle, at + 1)) {
    found = at;
    if (seen++ === ordinal) break;
  }
  if (found < 0) return null;
  const first = index.positions[found] as number;
  const last = index.positions[found + needle.length - 1] as number;
  if (first < 0 || last < 0) return null;
  return { from: first, to: last + 1 };
}
