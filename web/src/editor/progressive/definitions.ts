import { parseMdast } from '../markdown/markdownProcessor';
import { normalizeLabel, type MdNode } from '../markdown/mdastNode';
import { htmlBlockNames } from 'micromark-util-html-tag-name';
import { closes, forEachLine, isBlank, opens, startsRawHtml, type Open } from './chunks';

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
/** HTML blocks that end at a blank line (CommonMark 4.6): kind 6 interrupts a paragraph, kind 7 does not. */
const HTML_BLOCK_6 = new RegExp(`^ {0,3}</?(?:${htmlBlockNames.join('|')})(?:[ \\t/>]|$)`, 'i');
const HTML_BLOCK_7 =
  /^ {0,3}(?:<[A-Za-z][A-Za-z0-9-]*(?:[ \t]+[A-Za-z_:][\w.:-]*(?:[ \t]*=[ \t]*(?:[^ \t"'=<>`]+|'[^']*'|"[^"]*"))?)*[ \t]*\/?>|<\/[A-Za-z][A-Za-z0-9-]*[ \t]*>)[ \t]*$/;
const FOOTNOTE_START = /^[ \t]*(?:>[ \t]?)*[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)?\[\^/;

/** Where a chunk may be cut (chunks.ts): a column-0 ATX heading after a blank line closes every container. */
const SEGMENT_START = /^#{1,6}(?:[ \t]|$)/;
/** Indented four columns or more: indented code at the top level, a paragraph inside a list item. */
const INDENTED = /^(?: {4}| {0,3}\t)/;

/**
 * Gathers the paragraphs that start like a definition where one can stand (after a blank line, a
 * heading or a fence) and parses just those. A footnote definition may also start after other lines
 * of a block (GFM lets it interrupt a paragraph, not an HTML block): it is parsed with those lines,
 * which decide it. Where only the containers can decide (a line like a definition after other lines
 * of a block: after indented code, a setext underline or a table it is one, as a paragraph's lazy
 * line it is not; or indented four columns), the whole segment around it, from one place a chunk may
 * be cut to the next, is parsed instead.
 */
export function documentDefinitions(text: string): DocumentDefinitions {
  /** Definition paragraphs in text order, parsed together; one read with its block's lines is parsed alone (they may open an HTML block that would run on). */
  const groups: { text: string[]; alone: boolean }[] = [];
  let unit: string[] | undefined;
  let alone = false;
  /** The lines of the block being read since a blank line, a heading or a fence. */
  let run: string[] = [];
  /** A construct that runs over blank lines (fence, math, HTML kinds 1–5, front matter) being skipped. */
  let open: Open | undefined;
  /** An HTML block of kind 6 or 7 being skipped, up to the next blank line. */
  let html = false;
  /**
   * Since the last blank line, a line like a kind-7 HTML block start came after other lines of a
   * block: HTML running on to the next blank line if that block had ended (a setext heading, a
   * table), a paragraph's line if not. Only a parse tells a definition after it.
   */
  let maybeHtml = false;
  /** The lines since the last place a chunk may be cut, and whether only their parse can tell their definitions. */
  let segment: string[] = [];
  let segmentGroups = 0;
  let undecided = false;
  let previousBlank = false;
  const endSegment = () => {
    if (undecided) {
      groups.splice(segmentGroups);
      groups.push({ text: [segment.join('\n')], alone: true });
    }
    segment = [];
    segmentGroups = groups.length;
    undecided = false;
  };
  const endUnit = () => {
    if (unit) {
      const last = groups.at(-1);
      // never into a group of an earlier segment: an undecided segment takes back its own groups
      if (last && !last.alone && !alone && groups.length > segmentGroups) last.text.push(unit.join('\n'));
      else groups.push({ text: [unit.join('\n')], alone });
    }
    unit = undefined;
    run = [];
  };
  forEachLine(text, (line, _start, index) => {
    if (!open && previousBlank && SEGMENT_START.test(line)) endSegment();
    segment.push(line);
    previousBlank = !open && isBlank(line);
    if (open) {
      if (closes(open, line)) open = undefined;
      return;
    }
    if (html && !isBlank(line)) return;
    html = false;
    if (isBlank(line)) {
      maybeHtml = false;
      endUnit();
      return;
    }
    const opened = opens(line, index === 0);
    if (opened || startsRawHtml(line) || HTML_BLOCK_6.test(line) || (!unit && run.length === 0 && HTML_BLOCK_7.test(line))) {
      endUnit();
      open = opened;
      html = !opened && !startsRawHtml(line);
      return;
    }
    if (!unit && run.length > 0 && HTML_BLOCK_7.test(line)) maybeHtml = true;
    if (unit) unit.push(line);
    else if (line.includes(']:') && DEFINITION_START.test(line)) {
      if (run.length > 0 || INDENTED.test(line) || maybeHtml) undecided = true;
      // a link definition cannot interrupt a paragraph; a footnote definition can
      if (run.length === 0 || FOOTNOTE_START.test(line)) {
        unit = [...run, line];
        alone = run.length > 0;
      } else run.push(line);
    }
    else if (ATX_HEADING.test(line)) run = [];
    else run.push(line);
  });
  endUnit();
  endSegment();
  // front matter never closed: the text is never cut (chunks.ts), so its one parse needs nothing from here
  if (groups.length === 0 || open?.kind === 'frontMatter') return { links: new Map(), lines: new Map() };

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
  for (const group of groups) visit(parseMdast(group.text.join('\n\n')) as MdNode);
  return { links, lines };
}
