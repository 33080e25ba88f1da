import { describe, expect, it, vi } from 'vitest';
import { parseMarkdown } from './parse';
import { reparseChange } from './reparse';
import { fixtureNames, parsedFixture, readFixture } from './testing/markdownFixtures';
import type { ParsedDoc } from './types';

/** The characters handed to the markdown parser, counted around the real parser. */
const parsedChars = vi.hoisted(() => ({ total: 0 }));
vi.mock('./markdownProcessor', async (importOriginal) => {
  const real = await importOriginal<typeof import('./markdownProcessor')>();
  return {
    ...real,
    parseMdast: (source: string) => {
      parsedChars.total += source.length;
      return real.parseMdast(source);
    },
  };
});

function expectSameParse(actual: ParsedDoc, expected: ParsedDoc): void {
  expect(actual.source).toBe(expected.source);
  expect(actual.root.node.eq(expected.root.node)).toBe(true);
  const span = (doc: ParsedDoc) => (doc.root.children ?? []).map((block) => [block.start, block.end, block.node.type.name]);
  expect(span(actual)).toEqual(span(expected));
  expect(actual.lineEnding).toBe(expected.lineEnding);
  expect(actual.finalNewline).toBe(expected.finalNewline);
  expect(actual.conventions).toEqual(expected.conventions);
  expect(actual.doc).toEqual(expected.doc);
}

const paragraphs = (count: number) => Array.from({ length: count }, (_, i) => `Paragraph ${i}, *lorem* ipsum — 中文 ünïcödé.\nSecond line of ${i}.\n`).join('\n');

/** A small deterministic generator, so that a failure can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

const SNIPPETS = ['x', ' ', '\n', '\n\n', '- item\n', '1. one\n', '```\n', '~~~js\n', '# heading\n', '> quote\n', '| a | b |\n|---|---|\n', '    code\n', '*', '**', '$$\n', '---\n', '<div>\n', '\t', 'text\n===\n', '[x]: /u\n'];

describe('re-parsing only the blocks a change touches (issue 15: a write costs what the edit costs)', () => {
  it('an insertion in a 300 KB document parses what the same insertion in a 30 KB one parses, and gives the whole parse', () => {
    const counts = [100, 1_000].map((count) => {
      const before = paragraphs(count);
      const previous = parseMarkdown(before);
      const at = before.indexOf('Paragraph 50,');
      const next = `${before.slice(0, at)}More text. ${before.slice(at)}`;
      parsedChars.total = 0;
      const reparsed = reparseChange(previous, next);
      const parsed = parsedChars.total;
      expect(reparsed).not.toBeNull();
      expectSameParse(reparsed!.parsed, parseMarkdown(next));
      expect(reparsed!.removed).toBe(1);
      expect(reparsed!.added).toHaveLength(1);
      return parsed;
    });
    expect(counts[1]).toBe(counts[0]);
    expect(counts[0]).toBeLessThan(300);
  });

  it('random edits of every fixture: the re-parse is the whole parse, or it declines', () => {
    const random = seededRandom(15);
    let incremental = 0;
    let declined = 0;
    // the fixtures up to 10 KB (parsing the large ones whole after every edit would take minutes)
    for (const name of fixtureNames.filter((fixture) => readFixture(fixture).length <= 10_000)) {
      let previous = parsedFixture(name);
      for (let round = 0; round < 6; round++) {
        const before = previous.source;
        const from = Math.floor(random() * (before.length + 1));
        const to = random() < 0.3 ? Math.min(before.length, from + Math.floor(random() * 40)) : from;
        const insert = random() < 0.2 ? '' : SNIPPETS[Math.floor(random() * SNIPPETS.length)]!;
        const next = before.slice(0, from) + insert + before.slice(to);
        const reparsed = reparseChange(previous, next);
        const whole = parseMarkdown(next);
        if (reparsed) {
          incremental++;
          try {
            expectSameParse(reparsed.parsed, whole);
          } catch (error) {
            throw new Error(`${name}: replacing [${from}, ${to}) by ${JSON.stringify(insert)}: ${(error as Error).message}`);
          }
        } else declined++;
        previous = whole;
      }
    }
    // most edits are re-parsed in place; the test would say nothing if every one declined
    expect(incremental).toBeGreaterThan(declined / 4);
  }, 120_000);
});
