import type { Schema } from '@tiptap/pm/model';
import { markdownSchema } from '../schema';
import { documentFromMdast } from '../markdown/fromMdast';
import { parseMdast } from '../markdown/markdownProcessor';
import type { MdNode } from '../markdown/mdastNode';
import { parsedDocOf, shiftBlock } from '../markdown/parse';
import type { ParsedDoc, SourceBlock } from '../markdown/types';
import { splitChunks, type Chunk } from './chunks';
import { definitionsFor, documentDefinitions, type DocumentDefinitions } from './definitions';

/** A chunk's blocks, ranges in the whole source. */
export interface ParsedChunk {
  /** The chunk's range in the whole source (after joining any chunks its parse ran into). */
  readonly chunk: Chunk;
  readonly blocks: readonly SourceBlock[];
}

/** What a progressive open shows chunk by chunk: a text parsed chunk by chunk, or a parse kept from before. */
export interface ProgressiveChunks {
  /** The chunks as they stand, in the whole source's offsets. */
  chunkRanges(): Chunk[];
  /** The first chunk not parsed yet, or -1. */
  nextUnparsed(): number;
  isParsed(index: number): boolean;
  /**
   * Whether a chunk's blocks are final once parsed. A text parsed chunk by chunk may still join a
   * chunk with the next when the earlier one's parse runs into it, so blocks of a chunk parsed
   * before the chunks ahead of it may be replaced.
   */
  readonly final: boolean;
  /** Chunk `index`'s blocks, their nodes in `schema`. */
  parse(index: number, schema?: Schema): ParsedChunk;
  /** Where each top-level node starts: the blocks of parsed chunks, the start of each chunk not parsed yet. */
  topLevelStarts(): number[];
  /** The complete parse of the whole source. */
  result(schema?: Schema): ParsedDoc;
}

/**
 * A markdown text parsed chunk by chunk (`chunks.ts`), in any order, to the same blocks and
 * ranges as `parseMarkdown` of the whole. `result()` parses what is left and gives the complete
 * `ParsedDoc`.
 */
export class ChunkedParse implements ProgressiveChunks {
  readonly final = false;
  private readonly bom: number;
  private readonly body: string;
  /** Chunks of `body` (offsets without the byte order mark). */
  private readonly chunks: Chunk[];
  private readonly blocksByStart = new Map<number, readonly SourceBlock[]>();
  private definitions: DocumentDefinitions | undefined;
  private complete: ParsedDoc | undefined;

  constructor(
    readonly source: string,
    minLines = 40,
  ) {
    // micromark drops a byte order mark and counts offsets without it (as parseMarkdown does)
    this.bom = source.startsWith('\uFEFF') ? 1 : 0;
    this.body = source.slice(this.bom);
    this.chunks = splitChunks(this.body, minLines);
  }

  /** The chunks as they stand, in the whole source's offsets. */
  chunkRanges(): Chunk[] {
    return this.chunks.map((chunk) => this.absolute(chunk));
  }

  isParsed(index: number): boolean {
    return this.blocksByStart.has(this.chunks[index]!.start);
  }

  /** The first chunk not parsed yet, or -1. */
  nextUnparsed(): number {
    return this.chunks.findIndex((chunk) => !this.blocksByStart.has(chunk.start));
  }

  /**
   * Parses chunk `index` with `schema`. Where the chunk's parse leaves a construct open at its
   * end (the cut was not a real boundary), the chunk is joined with the next and parsed again.
   */
  parse(index: number, schema: Schema = markdownSchema()): ParsedChunk {
    for (;;) {
      const chunk = this.chunks[index]!;
      const known = this.blocksByStart.get(chunk.start);
      if (known) return { chunk: this.absolute(chunk), blocks: known };
      let { blocks, open } = this.parseAlone(chunk, index === 0, schema);
      const next = this.chunks[index + 1];
      if (open && next) {
        this.chunks.splice(index, 2, { start: chunk.start, end: next.end });
        this.blocksByStart.delete(next.start);
        continue;
      }
      // the whole text as one chunk, open at its end, took in the definitions appended to it
      if (open && index === 0) blocks = this.parseAlone(chunk, true, schema, false).blocks;
      const shifted = blocks.map((block) => shiftBlock(block, this.bom));
      this.blocksByStart.set(chunk.start, shifted);
      return { chunk: this.absolute(chunk), blocks: shifted };
    }
  }

  /**
   * Where each top-level node of the progressively opened document starts: the blocks of each
   * parsed chunk, and the start of each chunk not parsed yet (its placeholder).
   */
  topLevelStarts(): number[] {
    return this.chunks.flatMap((chunk) => this.blocksByStart.get(chunk.start)?.map((block) => block.start) ?? [chunk.start + this.bom]);
  }

  /** The complete parse: every chunk parsed (the rest now, with `schema`), as `parseMarkdown` would give it. */
  result(schema: Schema = markdownSchema()): ParsedDoc {
    if (this.complete) return this.complete;
    for (let index = this.nextUnparsed(); index >= 0; index = this.nextUnparsed()) this.parse(index, schema);
    const children = this.chunks.flatMap((chunk) => this.blocksByStart.get(chunk.start)!);
    const content = children.map((child) => child.node);
    const docSchema = markdownSchema();
    if (content.every((node) => node.type.name === 'frontMatter')) content.push(docSchema.nodes.paragraph!.create());
    const root: SourceBlock = { node: docSchema.nodes.doc!.create(null, content), start: 0, end: this.source.length, children };
    this.complete = parsedDocOf(this.source, root);
    return this.complete;
  }

  private absolute(chunk: Chunk): Chunk {
    return { start: chunk.start + this.bom, end: chunk.end + this.bom };
  }

  /**
   * One chunk parsed alone, given the document's definitions: after its text for the first chunk
   * (front matter must come first), before it for the others (they start with a heading). Offsets
   * come out in `body`'s terms; `open` when a block runs past the chunk's last non-blank line.
   */
  private parseAlone(chunk: Chunk, first: boolean, schema: Schema, withDefinitions = true): { blocks: SourceBlock[]; open: boolean } {
    this.definitions ??= documentDefinitions(this.body);
    const own = this.body.slice(chunk.start, chunk.end);
    const definitions = withDefinitions ? definitionsFor(this.definitions, own) : '';
    const prefix = first || definitions === '' ? '' : definitions;
    const text = first && definitions !== '' ? `${own}${/\n[ \t]*\r?\n$/.test(own) ? '' : '\n\n'}${definitions}` : prefix + own;
    const root = documentFromMdast(parseMdast(text) as MdNode, text, schema, this.definitions.links);
    const ownEnd = prefix.length + own.length;
    const contentEnd = prefix.length + lastLineEnd(own);
    const blocks = (root.children ?? []).filter((block) => block.start >= prefix.length && block.start < ownEnd);
    const open = blocks.some((block) => block.end > contentEnd);
    return { blocks: blocks.map((block) => shiftBlock(block, chunk.start - prefix.length)), open };
  }
}

/** Where the last non-blank line of `text` ends (before its line ending). */
function lastLineEnd(text: string): number {
  const lastVisible = text.search(/\S\s*$/);
  if (lastVisible < 0) return 0;
  const lineEnd = /[\r\n]/.exec(text.slice(lastVisible));
  return lineEnd ? lastVisible + lineEnd.index : text.length;
}
