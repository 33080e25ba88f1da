import type { Schema } from '@tiptap/pm/model';
import type { ParsedDoc, SourceBlock } from '../markdown/types';
import { newlines, type Chunk } from './chunks';
import type { ParsedChunk, ProgressiveChunks } from './chunkedParse';

/**
 * A parse kept from before (`../parsedDocs.ts`) shown progressively like a fresh one: its
 * top-level blocks grouped into chunks of at least `minLines` lines, each "parsed" by handing out
 * its blocks (in the editor's schema) without parsing the markdown again.
 */
export class KeptChunks implements ProgressiveChunks {
  private readonly chunks: Array<{ readonly chunk: Chunk; blocks: readonly SourceBlock[] }> = [];
  private readonly parsed = new Set<number>();
  readonly final = true;

  constructor(
    private readonly kept: ParsedDoc,
    minLines = 40,
  ) {
    const blocks = kept.root.children ?? [];
    const source = kept.source;
    let group: SourceBlock[] = [];
    let start = 0;
    let lines = 0;
    blocks.forEach((block, index) => {
      group.push(block);
      const next = blocks[index + 1];
      const end = next ? next.start : source.length;
      lines += newlines(source, index === 0 ? 0 : block.start, end);
      if (next && lines < minLines) return;
      this.chunks.push({ chunk: { start, end }, blocks: group });
      group = [];
      start = end;
      lines = 0;
    });
  }

  /** Whether `kept` can be shown this way: one top-level node per source block (not a document of only front matter). */
  static fits(kept: ParsedDoc): boolean {
    const blocks = kept.root.children ?? [];
    return blocks.length > 0 && kept.root.node.childCount === blocks.length;
  }

  chunkRanges(): Chunk[] {
    return this.chunks.map(({ chunk }) => chunk);
  }

  isParsed(index: number): boolean {
    return this.parsed.has(index);
  }

  nextUnparsed(): number {
    for (let index = 0; index < this.chunks.length; index++) if (!this.parsed.has(index)) return index;
    return -1;
  }

  parse(index: number, schema?: Schema): ParsedChunk {
    const entry = this.chunks[index]!;
    this.parsed.add(index);
    if (!schema || entry.blocks.every((block) => block.node.type.schema === schema)) return entry;
    // the kept nodes belong to the schema of the editor that parsed them: they cross as JSON, once
    entry.blocks = entry.blocks.map((block) => (block.node.type.schema === schema ? block : { ...block, node: schema.nodeFromJSON(block.node.toJSON()) }));
    return entry;
  }

  topLevelStarts(): number[] {
    return this.chunks.flatMap(({ chunk, blocks }, index) => (this.parsed.has(index) ? blocks.map((block) => block.start) : [chunk.start]));
  }

  result(): ParsedDoc {
    for (let index = 0; index < this.chunks.length; index++) this.parsed.add(index);
    return this.kept;
  }
}
