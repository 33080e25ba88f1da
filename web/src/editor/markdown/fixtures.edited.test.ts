import { describe, expect, test } from 'vitest';
import { serializeMarkdownWithReport } from './serialize';
import { parseMarkdown } from './parse';
import type { ParsedDoc, SourceBlock } from './types';
import {
  allBlocks,
  appendText,
  blocksInside,
  fixtureNames,
  parsedFixture,
  parsesTo,
} from './testing/markdownFixtures';

const EDITS: ReadonlyArray<readonly [string, (parsed: ParsedDoc) => SourceBlock | undefined]> = [
  ['first top-level paragraph', (p) => p.root.children?.find((block) => block.node.type.name === 'paragraph')],
  ['first heading', (p) => allBlocks(p.root).find((block) => block.node.type.name === 'heading')],
  ['a paragraph in a list item', (p) => blocksInside(p.root, 'paragraph', ['listItem', 'taskItem'])[1]],
  ['a paragraph in a block quote', (p) => blocksInside(p.root, 'paragraph', ['blockquote'])[0]],
  ['a table body row', (p) => allBlocks(p.root).filter((block) => block.node.type.name === 'tableRow')[1]],
  ['the last paragraph', (p) => allBlocks(p.root).filter((block) => block.node.type.name === 'paragraph').at(-1)],
];

// The serialiser checks the rewritten stretch itself; an independent whole-document check costs
// another parse, so it is done once per file (first edit) and for the smaller files.
const FULL_CHECK_LIMIT = 40_000;

describe('editing one block keeps the bytes of every other block', () => {
  const cases = fixtureNames.flatMap((name) => EDITS.map(([label, pick]) => [name, label, pick] as const));
  test.each(cases)('%s: %s', (name, _label, pick) => {
    const parsed = parsedFixture(name);
    const block = pick(parsed);
    if (!block) return;
    const target = block.node.type.name === 'tableRow' ? allBlocksOfRow(block) : block;
    const edited = appendText(parsed, target, ' edited 编辑');
    const result = serializeMarkdownWithReport(edited, parsed);

    // Everything before and after the edited block's source range is untouched.
    expect(result.markdown.startsWith(parsed.source.slice(0, block.start))).toBe(true);
    expect(result.markdown.endsWith(parsed.source.slice(block.end))).toBe(true);
    expect(result.markdown).toContain('edited 编辑');
    expect(result.unverifiedStretches).toBe(0);
    if (pick === EDITS[0]![1] && parsed.source.length <= FULL_CHECK_LIMIT) {
      expect(parsesTo(result.markdown, edited)).toBe(true);
      // the editor's Ln/Col of the cursor relies on these without parsing the text again
      expect(result.blockStarts).toEqual(parseMarkdown(result.markdown).root.children!.map((child) => child.start));
    }
  });
});

/** A row is edited through the paragraph of its first cell. */
function allBlocksOfRow(row: SourceBlock): SourceBlock {
  const paragraph = row.node.firstChild?.firstChild;
  if (!paragraph) throw new Error('row without a cell paragraph');
  return { node: paragraph, start: row.start, end: row.end };
}
