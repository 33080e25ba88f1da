import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { markdownSchema } from '../schema';
import { definitionNodes } from './definitionNodes';
import { documentFromMdast } from './fromMdast';
import { parseMdast } from './markdownProcessor';
import type { MdNode } from './mdastNode';
import { nodeKey } from './nodeKey';
import { stringifyMdast } from './stringify';
import type { MarkdownConventions } from './types';

/** The definitions of the document, which text being checked may refer to. */
export interface ReparseContext {
  /** `[^label]: x` and `[label]: url` lines for the definitions that `text` mentions. */
  preludeFor(text: string): { prelude: string; blocks: number };
}

const PRELUDE_END = '[vmark-prelude-end]: #';

interface PreludeEntry {
  readonly mention: string;
  readonly line: string;
}

/**
 * References and footnote calls only parse as such when their definition exists, so a piece
 * of the document is checked with the definitions it mentions written in front of it. A final
 * dummy definition keeps indented text from continuing a footnote definition.
 */
export function reparseContext(doc: ProseMirrorNode, conventions: MarkdownConventions): ReparseContext {
  let entries: PreludeEntry[] | undefined;
  return {
    preludeFor(text) {
      entries ??= preludeEntries(doc, conventions);
      const mentions = collapseWhitespace(text).toLowerCase();
      const lines = entries.filter((entry) => mentions.includes(entry.mention)).map((entry) => entry.line);
      if (lines.length === 0) return { prelude: '', blocks: 0 };
      return { prelude: `${[...lines, PRELUDE_END].join('\n\n')}\n\n`, blocks: lines.length + 1 };
    },
  };
}

function collapseWhitespace(text: string): string {
  return text.replace(/[\t\n\r ]+/g, ' ');
}

function preludeEntries(doc: ProseMirrorNode, conventions: MarkdownConventions): PreludeEntry[] {
  const footnotes: PreludeEntry[] = [];
  const definitions: PreludeEntry[] = [];
  for (const node of definitionNodes(doc)) {
    const label = collapseWhitespace(String(node.attrs.label ?? node.attrs.identifier ?? '')).toLowerCase();
    if (node.type.name === 'footnoteDefinition') {
      footnotes.push({ mention: `[^${label}]`, line: `[^${String(node.attrs.label ?? node.attrs.identifier)}]: x` });
    } else {
      const { identifier, url, title } = node.attrs;
      const definition: MdNode = { type: 'definition', identifier: String(identifier), label: node.attrs.label, url: String(url), title };
      definitions.push({ mention: label, line: stringifyMdast([definition], { conventions }) });
    }
  }
  return [...footnotes, ...definitions];
}

/** Whether `text` parses back into exactly `expected` (meaning, not style). */
export function parsesAs(text: string, expected: readonly ProseMirrorNode[], context: ReparseContext): boolean {
  const { prelude, blocks } = text.includes('[') ? context.preludeFor(text) : { prelude: '', blocks: 0 };
  // Not at the start of a document, a `---`/`+++` line is no front matter.
  const shielded = expected[0]?.type.name !== 'frontMatter' && startsLikeFrontMatter(text) ? `\n${text}` : text;
  const body = prelude + shielded;
  const parsed = documentFromMdast(parseMdast(body) as MdNode, body, markdownSchema());
  const isContent = (node: ProseMirrorNode) => !(node.type.name === 'paragraph' && node.childCount === 0);
  const actual = (parsed.children ?? [])
    .slice(blocks)
    .map((block) => block.node)
    .filter(isContent);
  const wanted = expected.filter(isContent);
  if (actual.length !== wanted.length) return false;
  return actual.every((node, index) => nodeKey(node, 'semantic') === nodeKey(wanted[index]!, 'semantic'));
}

export function startsLikeFrontMatter(text: string): boolean {
  return /^(---|\+\+\+)[ \t]*(\r\n|\r|\n)/.test(text);
}
