import { expect, test } from 'vitest';
import { serializeMarkdownWithReport } from './serialize';
import { fixtureNames, parsedFixture, parsesTo } from './testing/markdownFixtures';
import { randomEdit, seededRandom } from './testing/randomEdits';

// VMARK_EDIT_SEED / VMARK_EDIT_ROUNDS replay or widen the run.
const SEED = Number(process.env.VMARK_EDIT_SEED ?? 20261130);
const ROUNDS = Number(process.env.VMARK_EDIT_ROUNDS ?? 40);

test('random edits keep the meaning, and every rewritten stretch passes its own check', { timeout: 300_000 }, () => {
  const random = seededRandom(SEED);
  const names = fixtureNames.filter((name) => parsedFixture(name).source.length < 40_000);
  const failures: string[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const name = names[Math.floor(random() * names.length)]!;
    const parsed = parsedFixture(name);
    let doc = parsed.root.node;
    const labels: string[] = [];
    for (let step = 0; step < 1 + Math.floor(random() * 3); step++) {
      const edit = randomEdit(doc, random);
      doc = edit.doc;
      labels.push(edit.label);
    }
    const result = serializeMarkdownWithReport(doc, parsed);
    if (result.unverifiedStretches > 0 || !parsesTo(result.markdown, doc)) failures.push(`${name}: ${labels.join('; ')}`);
  }
  expect(failures).toEqual([]);
});
