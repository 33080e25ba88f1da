import { readdirSync, readFileSync } from 'node:fs';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Transform } from '@tiptap/pm/transform';
import { nodeKey } from '../nodeKey';
import { parseMarkdown } from '../parse';
import type { ParsedDoc, SourceBlock } from '../types';

const FIXTURES = new URL('../../../../../tests/fixtures/markdown/', import.meta.url);

/** The markdown fixture files (public files copied byte for byte, plus our own edge cases). */
export const fixtureNames: readonly string[] = readdirSync(FIXTURES)
  .filter((name) => name.endsWith('.md'))
  .sort();

const parsedFixtures = new Map<string, ParsedDoc>();

export function readFixture(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

/** Parsing is the slow part (remark), so each fixture is parsed once per test file. */
export function parsedFixture(name: string): ParsedDoc {
  let parsed = parsedFixtures.get(name);
  if (!parsed) {
    parsed = parseMarkdown(readFixture(name));
    parsedFixtures.set(name, parsed);
  }
  return parsed;
}

/** Every tracked block of a parsed document, depth first. */
export function allBlocks(root: SourceBlock): SourceBlock[] {
  return (root.children ?? []).flatMap((child) => [child, ...allBlocks(child)]);
}

/** Tracked blocks of `type` that sit inside a block of one of `containerTypes`. */
export function blocksInside(root: SourceBlock, type: string, containerTypes: readonly string[]): SourceBlock[] {
  const found: SourceBlock[] = [];
  const walk = (block: SourceBlock, inside: boolean) => {
    if (inside && block.node.type.name === type) found.push(block);
    for (const child of block.children ?? []) walk(child, inside || containerTypes.includes(child.node.type.name));
  };
  for (const child of root.children ?? []) walk(child, containerTypes.includes(child.node.type.name));
  return found;
}

function positionOf(doc: ProseMirrorNode, target: ProseMirrorNode): number {
  let found = -1;
  doc.descendants((node, pos) => {
    if (node === target) found = pos;
    return found < 0;
  });
  if (found < 0) throw new Error('block not found in the document');
  return found;
}

/** The parsed document with `text` typed at the end of the block's content. */
export function appendText(parsed: ParsedDoc, block: SourceBlock, text: string): ProseMirrorNode {
  const doc = parsed.root.node;
  const end = positionOf(doc, block.node) + block.node.nodeSize - 1;
  return new Transform(doc).insert(end, doc.type.schema.text(text)).doc;
}

/** The parsed document with the block replaced by `replacement` (or removed). */
export function replaceBlock(parsed: ParsedDoc, block: SourceBlock, replacement?: ProseMirrorNode): ProseMirrorNode {
  const doc = parsed.root.node;
  const start = positionOf(doc, block.node);
  const transform = new Transform(doc);
  if (replacement) transform.replaceWith(start, start + block.node.nodeSize, replacement);
  else transform.delete(start, start + block.node.nodeSize);
  return transform.doc;
}

export function semanticKey(node: ProseMirrorNode): string {
  return nodeKey(node, 'semantic');
}

/** Whether `markdown` reads as `expected`; empty top-level paragraphs (unwritable) aside. */
export function parsesTo(markdown: string, expected: ProseMirrorNode): boolean {
  const keys = (doc: ProseMirrorNode) => {
    const result: string[] = [];
    doc.forEach((node) => {
      if (!(node.type.name === 'paragraph' && node.childCount === 0)) result.push(semanticKey(node));
    });
    return result.join('\n');
  };
  return keys(parseMarkdown(markdown).root.node) === keys(expected);
}
