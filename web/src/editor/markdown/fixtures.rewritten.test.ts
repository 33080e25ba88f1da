import { describe, expect, test } from 'vitest';
import { serializeMarkdownWithReport } from './serialize';
import { fixtureNames, parsedFixture, parsesTo } from './testing/markdownFixtures';

describe('writing every block anew keeps the meaning', () => {
  test.each(fixtureNames)('%s', (name) => {
    const parsed = parsedFixture(name);
    const result = serializeMarkdownWithReport(parsed.doc, parsed, { reuseSource: false });
    expect(result.unverifiedBlocks).toBe(0);
    expect(parsesTo(result.markdown, parsed.root.node)).toBe(true);
  });
});
