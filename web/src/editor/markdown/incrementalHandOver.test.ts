import fc from 'fast-check';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Transform } from '@tiptap/pm/transform';
import { expect, test } from 'vitest';
import { markdownSchema } from '../schema';
import { serializeMarkdownWithReport } from './serialize';
import { lastWriteRange } from './topLevelWriter';
import { fixtureNames, parsedFixture } from './testing/markdownFixtures';
import { randomEdit, seededRandom } from './testing/randomEdits';
import { parseMarkdown } from './parse';

/** The same document with no node shared with any earlier version: nothing a cache keyed by node could know. */
const freshCopy = (doc: ProseMirrorNode) => markdownSchema().nodeFromJSON(doc.toJSON());

const names = fixtureNames.filter((name) => parsedFixture(name).source.length < 40_000);

/** A serialisation over the same source with nothing remembered: no shared node, and a parse no write has seen. */
const fullWrite = (doc: ProseMirrorNode, parsed: ReturnType<typeof parsedFixture>) => serializeMarkdownWithReport(freshCopy(doc), { ...parsed });

test('a hand-over after each of a run of edits (only the changed blocks written, spliced into the last text) writes what a serialisation of a fresh copy writes', { timeout: 300_000 }, () => {
  fc.assert(
    fc.property(fc.constantFrom(...names), fc.integer({ min: 0, max: 2 ** 30 }), fc.integer({ min: 1, max: 8 }), (name, seed, steps) => {
      const parsed = { ...parsedFixture(name) };
      const random = seededRandom(seed);
      let doc = parsed.root.node;
      serializeMarkdownWithReport(doc, parsed);
      for (let step = 0; step < steps; step++) {
        doc = randomEdit(doc, random).doc;
        const incremental = serializeMarkdownWithReport(doc, parsed);
        expect(incremental).toEqual(fullWrite(doc, parsed));
      }
    }),
    { numRuns: 40 },
  );
});

/** A long document of sections (heading, paragraph, list, code, quote), like the editor bench's. */
function longDocument(sections: number): string {
  const parts: string[] = [];
  for (let n = 0; n < sections; n++) {
    parts.push(`## Section ${n}\n\nSome *text* of section ${n}, with a [link](https://example.com/${n}).\nIt wraps.\n\n- one\n- two ${n}\n\n\`\`\`ts\nconst n = ${n};\n\`\`\`\n\n> quoted ${n}\n`);
  }
  return parts.join('\n');
}

const longParse = parseMarkdown(longDocument(200));

test('typing into one block of a long document writes that block and its neighbours, not the document, and the same text as a full write', () => {
  const blocks = longParse.root.children!.length;
  const schema = markdownSchema();
  // the first heading and paragraph, a paragraph in the middle, the last section's paragraph and quote
  for (const block of [0, 1, 501, blocks - 4, blocks - 1]) {
    const parsed = { ...longParse };
    let doc = parsed.root.node;
    serializeMarkdownWithReport(doc, parsed);
    for (let key = 0; key < 3; key++) {
      doc = new Transform(doc).insert(endOfLastTextblock(doc, block), schema.text('w')).doc;
      expect(serializeMarkdownWithReport(doc, parsed)).toEqual(fullWrite(doc, parsed));
      const range = lastWriteRange(parsed)!;
      expect(range.blocks).toBe(blocks);
      expect(range.to - range.from).toBeLessThanOrEqual(4);
    }
  }
});

test('typing in one place after another in a long document writes what a full write writes', () => {
  const parsed = { ...longParse };
  const schema = markdownSchema();
  let doc = parsed.root.node;
  for (const block of [501, 1, 700, 0, 999, 300]) {
    for (let key = 0; key < 2; key++) {
      doc = new Transform(doc).insert(endOfLastTextblock(doc, block), schema.text('w')).doc;
      expect(serializeMarkdownWithReport(doc, parsed)).toEqual(fullWrite(doc, parsed));
    }
  }
});

/** The position at the end of the last textblock in top-level block `index`. */
function endOfLastTextblock(doc: ProseMirrorNode, index: number): number {
  let pos = 0;
  for (let at = 0; at < index; at++) pos += doc.child(at).nodeSize;
  let node = doc.child(index);
  let end = pos + node.nodeSize - 1;
  while (!node.isTextblock) {
    node = node.lastChild!;
    end -= 1;
  }
  return end;
}
