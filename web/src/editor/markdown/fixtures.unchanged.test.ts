import { describe, expect, test } from 'vitest';
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
