import { capOutcome, MAX_RESPONSE_TOKENS, TRUNCATION_NOTICE, type CallOutcome } from '@vmark/shared';
import { describe, expect, it } from 'vitest';
import { o200kTokens } from './o200kTokens';
import { toCallToolResult } from './toCallToolResult';

/** The o200k tokens of the text parts a client is handed, as the hostile-pages spec counts them. */
function answerTokens(outcome: CallOutcome): number {
  const text = toCallToolResult(outcome).content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
  return o200kTokens(text);
}

// The two answers the hostile-pages suite found over the cap while it was estimated at 3 bytes a token.
const consoleFlood = (): CallOutcome => ({
  kind: 'ok',
  data: { entries: Array.from({ length: 200 }, (_, i) => ({ level: 'log', text: `${'x'.repeat(1000)} ${99_800 + i}` })), url: 'http://127.0.0.1/hostile/console-flood', tabId: 't1', untrusted: true },
  notice: 'UNTRUSTED page content',
});
const tableMarkdown = (): CallOutcome => ({
  kind: 'ok',
  data: { markdown: Array.from({ length: 1000 }, (_, r) => `| ${[0, 1, 2, 3, 4].map((c) => `${r}:${c}`).join(' | ')} |`).join('\n'), title: 'table', tabId: 't1' },
});

describe('answer cap (SEC hostile pages: no answer over 25,000 o200k tokens)', () => {
  it('a console flood (an array of entries) is cut by entries to fit the exact o200k count, marked and noticed', () => {
    expect(answerTokens(consoleFlood())).toBeGreaterThan(MAX_RESPONSE_TOKENS);
    const capped = capOutcome(consoleFlood(), o200kTokens);
    expect(capped.kind).toBe('ok');
    if (capped.kind !== 'ok') return;
    const data = capped.data as { entries: unknown[]; truncated: boolean; truncatedField: string; url: string };
    expect(answerTokens(capped)).toBeLessThanOrEqual(MAX_RESPONSE_TOKENS);
    expect(data.entries.length).toBeGreaterThan(100);
    expect(data).toMatchObject({ truncated: true, truncatedField: 'entries', url: 'http://127.0.0.1/hostile/console-flood' });
    expect(capped.notice?.startsWith(TRUNCATION_NOTICE)).toBe(true);
    expect(capped.notice).toContain('UNTRUSTED');
  });

  it('digit-dense Markdown that passes the 3-bytes-a-token estimate is still cut to the exact count', () => {
    const outcome = tableMarkdown();
    expect(capOutcome(outcome)).toBe(outcome); // the estimate lets it through…
    expect(answerTokens(outcome)).toBeGreaterThan(MAX_RESPONSE_TOKENS); // …yet it is over the cap
    const capped = capOutcome(outcome, o200kTokens);
    expect(answerTokens(capped)).toBeLessThanOrEqual(MAX_RESPONSE_TOKENS);
    expect(answerTokens(capped)).toBeGreaterThan(MAX_RESPONSE_TOKENS * 0.9);
    const markdown = (capped as { data: { markdown: string } }).data.markdown;
    expect((outcome as { data: { markdown: string } }).data.markdown.startsWith(markdown)).toBe(true);
  });

  it('a 20 MB string is cut without tokenizing it whole, and special-token text is counted, not thrown on', () => {
    const started = Date.now();
    const capped = capOutcome({ kind: 'ok', data: { text: `<|endoftext|>${'y'.repeat(20 * 1024 * 1024)}` } }, o200kTokens);
    expect(answerTokens(capped)).toBeLessThanOrEqual(MAX_RESPONSE_TOKENS);
    expect((capped as { data: { text: string } }).data.text.startsWith('<|endoftext|>')).toBe(true);
    console.log(`20 MB answer capped in ${Date.now() - started} ms`);
  });

  it('an answer with no field to cut is refused with what to ask for instead', () => {
    const nested: CallOutcome = { kind: 'ok', data: { deep: { text: '1 2 3 '.repeat(60_000) } } };
    const capped = capOutcome(nested, o200kTokens);
    expect(capped.kind).toBe('text');
    expect((capped as { text: string }).text).toMatch(/over 25,000 tokens.*ask for less/);
  });
});
