import { markdownSchema } from '../schema';
import { detectConventions } from './conventions';
import { documentFromMdast } from './fromMdast';
import { detectLineEnding, endsWithLineEnding } from '../../lib/lineEndings';
import { parseMdast } from './markdownProcessor';
import type { MdNode } from './mdastNode';
import type { ParsedDoc, SourceBlock } from './types';

/**
 * Markdown → editor document. Keeps the source and the range of every block so that
 * `serializeMarkdown` writes untouched blocks back byte for byte.
 */
export function parseMarkdown(source: string): ParsedDoc {
  // micromark drops a byte order mark and counts offsets without it.
  const bom = source.startsWith('\uFEFF') ? 1 : 0;
  const body = source.slice(bom);
  return parsedDocOf(source, shiftBlock(documentFromMdast(parseMdast(body) as MdNode, body, markdownSchema()), bom));
}

/** The parse of `source` around its block tree; `doc` (the editor's JSON) is written out only when something asks for it. */
export function parsedDocOf(source: string, root: SourceBlock): ParsedDoc {
  let json: ParsedDoc['doc'] | undefined;
  return {
    source,
    get doc() {
      json ??= root.node.toJSON() as ParsedDoc['doc'];
      return json;
    },
    lineEnding: detectLineEnding(source),
    finalNewline: endsWithLineEnding(source),
    conventions: detectConventions(root, source),
    root,
  };
}

/** The block with its range (and its children's) moved by `delta`. */
export function shiftBlock(block: SourceBlock, delta: number): SourceBlock {
  if (delta === 0) return block;
  return {
    node: block.node,
    start: block.start + delta,
    end: block.end + delta,
    children: block.children?.map((child) => shiftBlock(child, delta)),
  };
}
