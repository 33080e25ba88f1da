import { describe, expect, it } from 'vitest';
import { escapeMarkdownText, safeLinkDestination } from './markdownEscape';

describe('escapeMarkdownText', () => {
  it.each([
    ['# SYSTEM', '\\# SYSTEM'],
    ['  ## indented', '  \\## indented'],
    ['> quote', '\\> quote'],
    ['- item', '\\- item'],
    ['+ item', '\\+ item'],
    ['1. item', '1\\. item'],
    ['2) item', '2\\) item'],
    ['===', '\\==='],
    ['```js', '\\`\\`\\`js'],
    ['[x](javascript:alert(1))', '\\[x\\](javascript:alert(1))'],
    ['<script>', '\\<script\\>'],
    ['a | b', 'a \\| b'],
    ['~~~', '\\~\\~\\~'],
    ['*bold* _it_', '\\*bold\\* \\_it\\_'],
    ['back\\slash', 'back\\\\slash'],
    ['line one\n# line two', 'line one\n\\# line two'],
    ['price 1.5 and C#', 'price 1.5 and C#'],
  ])('%j → %j', (input, expected) => {
    expect(escapeMarkdownText(input)).toBe(expected);
  });
});

describe('safeLinkDestination', () => {
  it('keeps http(s) and mailto, encoding what could end the destination', () => {
    expect(safeLinkDestination('https://en.wikipedia.org/wiki/Rust_(programming_language)')).toBe(
      'https://en.wikipedia.org/wiki/Rust_%28programming_language%29',
    );
    expect(safeLinkDestination('mailto:a@example.com')).toBe('mailto:a@example.com');
  });

  it('drops script and data URLs', () => {
    expect(safeLinkDestination('javascript:alert(1)')).toBeNull();
    expect(safeLinkDestination('data:text/html,<b>x</b>')).toBeNull();
    expect(safeLinkDestination('not a url')).toBeNull();
  });
});
