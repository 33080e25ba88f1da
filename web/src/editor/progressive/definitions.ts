import { parseMdast } from '../markdown/markdownProcessor';
import { normalizeLabel, type MdNode } from '../markdown/mdastNode';
import { closesFence, fenceOpening, forEachLine } from './chunks';

/**
 * The link and footnote definitions of the whole text, found without parsing all of it: micromark
 * only makes a reference of `[label]` when the label is defined somewhere in the document, so a
 * chunk parsed on its own is given these.
 */
export interface DocumentDefinitions {
  /** Link definitions by normalised label, the first of each label (it is the one that counts). */
  readonly links: ReadonlyMap<string, MdNode>;
  /** A definition line for each label (link, and footnote with `^`), by normalised label. */
  readonly lines: ReadonlyMap<string, string>;
}

const BRACKETED = /\[((?:[^[\]\\]|\\.){1,999})\]/g;

/**
 * The definition lines that make micromark know every label `text` may refer to (each label in
 * brackets in it), then a blank line; '' for none.
 */
export function definitionsFor(definitions: DocumentDefinitions, text: string): string {
  if (definitions.lines.size === 0) return '';
  const lines: string[] = [];
  const taken = new Set<string>();
  for (const match of text.matchAll(BRACKETED)) {
    const inside = match[1]!;
    const key = inside.startsWith('^') ? `^${normalizeLabel(inside.slice(1))}` : normalizeLabel(inside);
    const line = definitions.lines.get(key);
    if (line !== undefined && !taken.has(key)) {
      taken.add(key);
      lines.push(line);
    }
  }
  return lines.length > 0 ? `${lines.join('\n\n')}\n\n` : '';
}

/** A line that may start a definition: `[label]:` or `[^label]:`, after container markers. */
const DEFINITION_START = /^[ \t]*(?:>[ \t]?)*[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?\[(?:[^\]\\]|\\.)+\]:/;
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;

/**
 * Gathers the paragraphs that start like a definition where one can stand (after a blank line, a
 * heading or another definition; not in fenced code) and parses just those.
 */
export function documentDefinitions(text: string): DocumentDefinitions {
  const candidates: string[] = [];
  let unit: string[] | undefined;
  let canStart = true;
  let fence: { marker: string; size: number } | undefined;
  let frontMatter: string | undefined;
  forEachLine(text, (line, _start, index) => {
    if (index === 0 && /^(---|\+\+\+)[ \t]*$/.test(line)) {
      frontMatter = line.slice(0, 3);
      return;
    }
    if (frontMatter !== undefined) {
      if (line === frontMatter) frontMatter = undefined;
      return;
    }
    if (fence !== undefined) {
      if (closesFence(fence, line)) fence = undefined;
      return;
    }
    const opening = fenceOpening(line);
    if (opening) {
      if (unit) candidates.push(unit.join('\n'));
      unit = undefined;
      fence = opening;
      canStart = false;
      return;
    }
    if (/^[ \t]*$/.test(line)) {
      if (unit) candidates.push(unit.join('\n'));
      unit = undefined;
      canStart = true;
      return;
    }
    if (unit) unit.push(line);
    else if (canStart && line.includes(']:') && DEFINITION_START.test(line)) unit = [line];
    canStart = ATX_HEADING.test(line);
  });
  if (unit) candidates.push(unit.join('\n'));
  // front matter never closed: the text is never cut (chunks.ts), so its one parse needs nothing from here
  if (candidates.length === 0 || frontMatter !== undefined) return { links: new Map(), lines: new Map() };

  const links = new Map<string, MdNode>();
  const lines = new Map<string, string>();
  const visit = (node: MdNode) => {
    if (node.type === 'definition' || node.type === 'footnoteDefinition') {
      const label = node.label ?? node.identifier ?? '';
      const key = `${node.type === 'definition' ? '' : '^'}${normalizeLabel(label)}`;
      if (node.type === 'definition' && !links.has(key)) links.set(key, node);
      if (!lines.has(key)) lines.set(key, node.type === 'definition' ? `[${label}]: x` : `[^${label}]: x`);
    }
    for (const child of node.children ?? []) visit(child);
  };
  visit(parseMdast(candidates.join('\n\n')) as MdNode);
  return { links, lines };
}
