import { describe, expect, test } from 'vitest';
import { markdownSchema } from '../schema';
import { serializeMarkdownWithReport } from './serialize';
import { fixtureNames, parsedFixture, readFixture } from './testing/markdownFixtures';

describe('open and save without editing', () => {
  test.each(fixtureNames)('%s comes back byte-identical', (name) => {
    const parsed = parsedFixture(name);
    // As the editor hands it back: JSON, through the schema.
    const result = serializeMarkdownWithReport(parsed.doc, parsed);
    expect(result.markdown).toBe(readFixture(name));
    expect(result.rewrittenBlocks).toBe(0);
  });
});

describe('the parsed document fits the editor schema', () => {
  test.each(fixtureNames)('%s', (name) => {
    expect(() => markdownSchema().nodeFromJSON(parsedFixture(name).doc).check()).not.toThrow();
  });
});
