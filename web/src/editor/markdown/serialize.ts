import type { JSONContent } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { markdownSchema } from '../schema';
import { isEmptyParagraph, joinChildren, writeChildren, type WrittenChild } from './containerWriter';
import { DEFAULT_CONVENTIONS } from './conventions';
import { writeFreshBlock } from './freshWriter';
import { collectDefinitionTargets } from './toMdast';
import type { EditorDocument, ParsedDoc, SourceBlock } from './types';
import { staleReferenceCheck } from './staleReferences';
import { parsesAs, reparseContext, startsLikeFrontMatter, type ReparseContext } from './verify';
import type { WriterContext } from './writerContext';

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
  const reuse = (options.reuseSource ?? true) && parsed !== undefined;
  const conventions = parsed?.conventions ?? DEFAULT_CONVENTIONS;
  const reparse = reparseContext(node, conventions);
  const definitions = collectDefinitionTargets(node);
  const context: WriterContext = {
    source: parsed?.source ?? '',
    lineEnding: parsed?.lineEnding ?? '\n',
    conventions,
    inline: { definitions },
    staleReference: staleReferenceCheck(parsed ? originalDefinitions(parsed) : definitions, definitions),
    reuseInside: reuse,
    keepMarkup: true,
    reparse,
  };
  const originalRoot: SourceBlock | undefined = reuse ? parsed.root : undefined;
  const written = writeChildren(node, originalRoot, '', context);
  const unverifiedStretches = verifyAndRepair(written, context, reparse);
  const body = joinChildren(written);
  if (body === '' && reuse && parsed.root.children?.length === 0) return { markdown: parsed.source, rewrittenBlocks: 0, unverifiedStretches, blockStarts: [] };
  const { markdown, leading } = frame(body, written, parsed, reuse, context);
  return {
    markdown,
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

const definitionsByParse = new WeakMap<ParsedDoc, ReturnType<typeof collectDefinitionTargets>>();

function originalDefinitions(parsed: ParsedDoc): ReturnType<typeof collectDefinitionTargets> {
  let definitions = definitionsByParse.get(parsed);
  if (!definitions) {
    definitions = collectDefinitionTargets(parsed.root.node);
    definitionsByParse.set(parsed, definitions);
  }
  return definitions;
}

/** Editor nodes are used as they are (their schema may be the editor's own instance of ours). */
function toProseMirrorNode(doc: EditorDocument): ProseMirrorNode {
  const isNode = typeof (doc as ProseMirrorNode).nodeSize === 'number' && typeof (doc as ProseMirrorNode).forEach === 'function';
  return isNode ? (doc as ProseMirrorNode) : markdownSchema().nodeFromJSON(doc as JSONContent);
}

/** The bytes before the first block and after the last, kept from the source where they fit. */
function frame(
  body: string,
  written: readonly WrittenChild[],
  parsed: ParsedDoc | undefined,
  reuse: boolean,
  context: WriterContext,
): { markdown: string; leading: string } {
  if (body === '') return { markdown: '', leading: '' };
  const originals = parsed?.root.children ?? [];
  const eol = context.lineEnding;
  let leading = '';
  let trailing: string = eol;
  if (reuse && parsed && originals.length > 0) {
    leading = parsed.source.slice(0, originals[0]!.start);
    const lastOriginal = originals[originals.length - 1]!;
    const last = written[written.length - 1]?.match.original;
    trailing = last === lastOriginal ? parsed.source.slice(lastOriginal.end) : parsed.finalNewline ? eol : '';
  }
  // A blank first line keeps a paragraph that starts with `---` or `+++` from becoming front matter.
  if (leading === '' && written[0]?.match.node.type.name !== 'frontMatter' && startsLikeFrontMatter(body)) leading = eol;
  return { markdown: leading + body + trailing, leading };
}

/**
 * Checks every rewritten stretch of top-level blocks (with one neighbour on each side, so the
 * separators are checked too) by parsing it back. Returns how many stretches stayed wrong.
 */
function verifyAndRepair(written: WrittenChild[], context: WriterContext, reparse: ReparseContext): number {
  let unverified = 0;
  for (const run of rewrittenRuns(written)) {
    const windowStart = Math.max(0, run.start - 1);
    const windowEnd = Math.min(written.length, run.end + 1);
    const check = () => windowParses(written, windowStart, windowEnd, reparse);
    if (check()) continue;
    const fresh = { ...context, reuseInside: false };
    const plain = { ...fresh, keepMarkup: false, reparse: undefined };
    repairSeparately(written, run.start, run.end, [fresh, plain], reparse);
    if (check()) continue;
    rewrite(written, run.start, run.end, plain);
    if (check()) continue;
    rewrite(written, windowStart, windowEnd, plain);
    if (!check()) {
      unverified++;
      }
  }
  return unverified;
}

function rewrittenRuns(written: readonly WrittenChild[]): Array<{ start: number; end: number }> {
  const runs: Array<{ start: number; end: number }> = [];
  written.forEach((child, index) => {
    const rewritten = child.match.status !== 'same' || (index > 0 && !child.gapFromSource);
    if (!rewritten) return;
    const last = runs[runs.length - 1];
    if (last && last.end === index) last.end = index + 1;
    else runs.push({ start: index, end: index + 1 });
  });
  return runs;
}

function windowParses(written: readonly WrittenChild[], start: number, end: number, reparse: ReparseContext): boolean {
  // Front matter is raw text and only counts as such at the very start: leave it out.
  const slice = written.slice(start, end).filter((child) => child.match.node.type.name !== 'frontMatter');
  if (slice.length === 0) return true;
  const text = slice.map((child, index) => (index === 0 ? indentationOf(child) : child.gapBefore) + child.text).join('');
  return parsesAs(text, slice.map((child) => child.match.node), reparse);
}

/** Each block that does not even parse back on its own is written in the first way that does. */
function repairSeparately(
  written: WrittenChild[],
  start: number,
  end: number,
  attempts: readonly WriterContext[],
  reparse: ReparseContext,
): void {
  for (let index = start; index < end; index++) {
    const child = written[index]!;
    if (parsesAs(indentationOf(child) + child.text, [child.match.node], reparse)) continue;
    for (const attempt of attempts) {
      const text = writeFreshBlock(child.match.node, '', attempt);
      if (parsesAs(text, [child.match.node], reparse)) {
        written[index] = { ...child, text, gapBefore: withoutIndentation(child.gapBefore) };
        break;
      }
    }
  }
}

function rewrite(written: WrittenChild[], start: number, end: number, context: WriterContext): void {
  for (let index = start; index < end; index++) {
    const child = written[index]!;
    if (isEmptyParagraph(child.match.node)) continue;
    const text = writeFreshBlock(child.match.node, '', context);
    written[index] = { ...child, text, gapBefore: withoutIndentation(child.gapBefore) };
  }
}


/**
 * A block's source range starts after the indentation of its first line (`   ```js`), which is
 * part of the separator before it; for fenced code it decides how much indentation the content
 * loses, so it belongs to the block when the block is checked.
 */
function indentationOf(child: WrittenChild): string {
  return /[ \t]*$/.exec(child.gapBefore)![0];
}

/** A block written anew starts at the margin: the old block's indentation does not fit it. */
function withoutIndentation(gap: string): string {
  return gap.replace(/[ \t]+$/, '');
}
