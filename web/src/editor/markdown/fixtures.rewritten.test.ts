import { describe, expect, test } from 'vitest';
import { serializeMarkdownWithReport } from './serialize';
import { fixtureNames, parsedFixture, parsesTo } from './testing/markdownFixtures';

// The serialiser parses every rewritten stretch back itself; an independent whole-document
// check on top costs another parse, so it is done for the smaller files.
const INDEPENDENT_CHECK_LIMIT = 40_000;

describe('writing every block anew keeps the meaning', () => {
  test.each(fixtureNames)('%s', (name) => {
    const parsed = parsedFixture(name);
    const result = serializeMarkdownWithReport(parsed.doc, parsed, { reuseSource: false });
    expect(result.unverifiedStretches).toBe(0);
    if (parsed.source.length <= INDEPENDENT_CHECK_LIMIT) expect(parsesTo(result.markdown, parsed.root.node)).toBe(true);
  });
});
