import fc from 'fast-check';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { expect, test } from 'vitest';
import { markdownSchema } from '../schema';
import { serializeMarkdownWithReport } from './serialize';
import { fixtureNames, parsedFixture } from './testing/markdownFixtures';
import { randomEdit, seededRandom } from './testing/randomEdits';

/** The same document with no node shared with any earlier version: nothing a cache keyed by node could know. */
const freshCopy = (doc: ProseMirrorNode) => markdownSchema().nodeFromJSON(doc.toJSON());

const names = fixtureNames.filter((name) => parsedFixture(name).source.length < 40_000);

test('a hand-over after each of a run of edits (unchanged blocks shared, their work remembered) writes what a serialisation of a fresh copy writes', { timeout: 300_000 }, () => {
  fc.assert(
    fc.property(fc.constantFrom(...names), fc.integer({ min: 0, max: 2 ** 30 }), fc.integer({ min: 1, max: 6 }), (name, seed, steps) => {
      const parsed = parsedFixture(name);
      const random = seededRandom(seed);
      let doc = parsed.root.node;
      serializeMarkdownWithReport(doc, parsed);
      for (let step = 0; step < steps; step++) {
        doc = randomEdit(doc, random).doc;
        const incremental = serializeMarkdownWithReport(doc, parsed);
        const full = serializeMarkdownWithReport(freshCopy(doc), parsed);
        expect(incremental).toEqual(full);
      }
    }),
    { numRuns: 40 },
  );
});
