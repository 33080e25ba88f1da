import type { JSONContent } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { markdownSchema } from '../schema';
import { joinChildren, writeChildren, type WrittenChild } from './containerWriter';
import { documentContext, leadingBytes, trailingBytes } from './documentContext';
import { writeOverParse } from './topLevelWriter';
import type { EditorDocument, ParsedDoc } from './types';
import { verifyAndRepair } from './verifyWritten';

export interface SerializeOptions {
  /**
   * Reuse the original bytes of unchanged blocks (default). `false` writes every block anew
   * but still in the document's conventions and line endings.
   */
  readonly reuseSource?: boolean;
}

export interface SerializeResult {
  readonly markdown: string;
  /** Top-level blocks that were written anew instead of copied from the source. */
  readonly rewrittenBlocks: number;
  /** Stretches of rewritten blocks that do not parse back to the same content (should stay 0). */
  readonly unverifiedStretches: number;
  /** Where each written top-level block starts in `markdown` (as `parseMarkdown(markdown).root.children` would say). */
  readonly blockStarts: readonly number[];
}

/**
 * Editor document → markdown. Blocks equal to what `parseMarkdown` produced are copied from
 * `parsed.source` byte for byte, as are the separators between blocks that are still
 * neighbours; so an untouched document gives back its source exactly. Changed blocks are
 * written with remark in the style they were written in (or the document's conventions), and
 * every rewritten stretch is parsed back and checked; where that fails, plainer ways of
 * writing it are tried.
 */
export function serializeMarkdown(doc: EditorDocument, parsed?: ParsedDoc, options?: SerializeOptions): string {
  return serializeMarkdownWithReport(doc, parsed, options).markdown;
}

export function serializeMarkdownWithReport(
  doc: EditorDocument,
  parsed?: ParsedDoc,
  options: SerializeOptions = {},
): SerializeResult {
  const node = toProseMirrorNode(doc);
  if ((options.reuseSource ?? true) && parsed !== undefined) return writeOverParse(node, parsed);
  const { writer, reparse } = documentContext(node, parsed, false);
  const written = writeChildren(node, undefined, '', writer);
  const unverifiedStretches = verifyAndRepair(written, writer, reparse);
  const body = joinChildren(written);
  const leading = body === '' ? '' : leadingBytes(body, written[0], parsed, false, writer);
  return {
    markdown: body === '' ? '' : leading + body + trailingBytes(written[written.length - 1], parsed, false, writer),
    rewrittenBlocks: written.filter((child) => child.match.status !== 'same').length,
    unverifiedStretches,
    blockStarts: startsOf(written, leading.length),
  };
}

function startsOf(written: readonly WrittenChild[], offset: number): number[] {
  const starts: number[] = [];
  let at = offset;
  for (const child of written) {
    at += child.gapBefore.length;
    starts.push(at);
    at += child.text.length;
  }
  return starts;
}

/** Editor nodes are used as they are (their schema may be the editor's own instance of ours). */
function toProseMirrorNode(doc: EditorDocument): ProseMirrorNode {
  const isNode = typeof (doc as ProseMirrorNode).nodeSize === 'number' && typeof (doc as ProseMirrorNode).forEach === 'function';
  return isNode ? (doc as ProseMirrorNode) : markdownSchema().nodeFromJSON(doc as JSONContent);
}
