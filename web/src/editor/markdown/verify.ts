import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { markdownSchema } from '../schema';
import { documentFromMdast } from './fromMdast';
import { parseMdast } from './markdownProcessor';
import type { MdNode } from './mdastNode';
import { nodeKey } from './nodeKey';
import { stringifyMdast } from './stringify';
import type { MarkdownConventions } from './types';

/** Definitions that text being checked may refer to, written before it when it is parsed. */
export interface ReparseContext {
  readonly prelude: string;
  readonly preludeBlocks: number;
}

const PRELUDE_END = '[vmark-prelude-end]: #';

/**
 * References and footnote calls only parse as such when their definition exists, so a piece
 * of the document is checked with the document's definitions in front of it. A final dummy
 * definition keeps indented text from continuing a footnote definition. Built on first use.
 */
export function reparseContext(doc: ProseMirrorNode, conventions: MarkdownConventions): ReparseContext {
  let built: ReparseContext | undefined;
  const build = (): ReparseContext => {
    built ??= buildPrelude(doc, conventions);
    return built;
  };
  return {
    get prelude() {
      return build().prelude;
    },
    get preludeBlocks() {
      return build().preludeBlocks;
    },
  };
}

function buildPrelude(doc: ProseMirrorNode, conventions: MarkdownConventions): ReparseContext {
  const footnotes: string[] = [];
  const definitions: MdNode[] = [];
  doc.descendants((node) => {
    if (node.type.name === 'footnoteDefinition') {
      footnotes.push(`[^${String(node.attrs.label ?? node.attrs.identifier)}]: x`);
    } else if (node.type.name === 'linkDefinition') {
      const { identifier, label, url, title } = node.attrs;
      definitions.push({ type: 'definition', identifier: String(identifier), label, url: String(url), title });
    }
    return true;
  });
  if (footnotes.length === 0 && definitions.length === 0) return { prelude: '', preludeBlocks: 0 };
  const parts = [...footnotes, ...definitions.map((definition) => stringifyMdast([definition], { conventions })), PRELUDE_END];
  return { prelude: `${parts.join('\n\n')}\n\n`, preludeBlocks: parts.length };
}

/** Whether `text` parses back into exactly `expected` (meaning, not style). */
export function parsesAs(text: string, expected: readonly ProseMirrorNode[], context: ReparseContext): boolean {
  const usePrelude = text.includes('[') && context.preludeBlocks > 0;
  // Not at the start of a document, a `---`/`+++` line is no front matter.
  const shielded = expected[0]?.type.name !== 'frontMatter' && startsLikeFrontMatter(text) ? `\n${text}` : text;
  const body = usePrelude ? context.prelude + shielded : shielded;
  const parsed = documentFromMdast(parseMdast(body) as MdNode, body, markdownSchema());
  const isContent = (node: ProseMirrorNode) => !(node.type.name === 'paragraph' && node.childCount === 0);
  const actual = (parsed.children ?? [])
    .slice(usePrelude ? context.preludeBlocks : 0)
    .map((block) => block.node)
    .filter(isContent);
  const wanted = expected.filter(isContent);
  if (actual.length !== wanted.length) return false;
  return actual.every((node, index) => nodeKey(node, 'semantic') === nodeKey(wanted[index]!, 'semantic'));
}

export function startsLikeFrontMatter(text: string): boolean {
  return /^(---|\+\+\+)[ \t]*(\r\n|\r|\n)/.test(text);
}
