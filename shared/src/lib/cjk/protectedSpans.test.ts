import { describe, expect, it } from 'vitest';
import { findProtectedSpans } from './protectedSpans';

const FENCE = '```';

function protectedTexts(text: string, skipReferenceSections = false): string[] {
  return findProtectedSpans(text, { skipReferenceSections }).map((span) => text.slice(span.start, span.end));
}

describe('document.transform DOC-TRF-01 protected spans', () => {
  it.each([
    ['inline code', 'a `b` c', ['`b`']],
    ['double-backtick code with a backtick inside', 'a ``b`c`` d', ['``b`c``']],
    ['an unmatched backtick run is literal', 'a ``b` c', []],
    ['an escaped backtick opens nothing', 'a \\`b` c', ['\\`']],
    ['a code span stops at a blank line', 'a `b\n\nc` d', []],
    ['inline math', 'x $a+b$ y', ['$a+b$']],
    ['prices are not math', '价格$5，折扣$3', []],
    ['display math across lines', 'a $$\nx\n$$ b', ['$$\nx\n$$']],
    ['bare URL without trailing punctuation', 'see https://a.com/x.', ['https://a.com/x']],
    ['bare URL with balanced parentheses', 'see https://a.com/x_(y) ok', ['https://a.com/x_(y)']],
    ['bare URL with an unbalanced closing parenthesis', '(see https://a.com/x)', ['https://a.com/x']],
    ['www URL', 'see www.example.com/a', ['www.example.com/a']],
    ['e-mail', 'mail a.b@c.org now', ['a.b@c.org']],
    ['autolink', 'x <https://a.com> y', ['<https://a.com>']],
    ['e-mail autolink', 'x <a@b.co> y', ['<a@b.co>']],
    ['HTML tags', '<a href="x">t</a>', ['<a href="x">', '</a>']],
    ['HTML comment across lines', '<!-- a\nb -->', ['<!-- a\nb -->']],
    ['a lone < is text', 'a < b', []],
    ['inline link destination with title', '[t](u "ti") x', ['](u "ti")']],
    ['destination with parentheses', '[t](a(b)c) x', ['](a(b)c)']],
    ['full reference link', '[t][ref] x', ['][ref]']],
    ['image, whole', 'x ![alt](a.png) y', ['![alt](a.png)']],
    ['shortcut reference image', 'x ![alt] y', ['![alt]']],
    ['footnote reference', 'a[^1] b', ['[^1]']],
    ['wiki link', 'a [[Page|x]] b', ['[[Page|x]]']],
    ['entities', '&amp; &#123; &#x1F600;', ['&amp;', '&#123;', '&#x1F600;']],
    ['escapes', '\\* \\[', ['\\*', '\\[']],
    ['emoji shortcode', 'ok :smile: ok', [':smile:']],
    ['a time is not a shortcode', 'at 12:30:00 ok', []],
    ['YAML front matter', '---\na: b\n---\ntext', ['---\na: b\n---']],
    ['front matter closed by ...', '---\na: b\n...\ntext', ['---\na: b\n...']],
    ['TOML front matter', '+++\na = 1\n+++\ntext', ['+++\na = 1\n+++']],
    ['--- later in the text is not front matter', 'text\n---\na\n---', ['---', '---']],
    ['fenced code with info string', `${FENCE}js\na\n${FENCE}\nb`, [`${FENCE}js\na\n${FENCE}`]],
    ['a longer closing fence', `${FENCE}\na\n${FENCE}${FENCE}\nb`, [`${FENCE}\na\n${FENCE}${FENCE}`]],
    ['a shorter closing fence does not close', `${FENCE}${FENCE}\na\n${FENCE}\nb`, [`${FENCE}${FENCE}\na\n${FENCE}\nb`]],
    ['fence inside a blockquote', `> ${FENCE}\n> a\n> ${FENCE}\nb`, [`> ${FENCE}\n> a\n> ${FENCE}`]],
    ['fence in a list item', `- ${FENCE}\n  a\n  ${FENCE}`, [`- ${FENCE}\n  a\n  ${FENCE}`]],
    ['indented code after a blank line', 'p\n\n    code\n\n    more\n\nq', ['    code\n\n    more']],
    ['an indented line right after a paragraph is a continuation', 'p\n    lazy', []],
    ['reference definition', '[r]: http://a.com "t"', ['[r]: http://a.com "t"']],
    ['thematic break', 'a\n\n* * *\n\nb', ['* * *']],
    ['a literal mask character', 'a\uFFFCb', ['\uFFFC']],
  ])('%s', (_name, text, expected) => {
    expect(protectedTexts(text)).toEqual(expected);
  });

  it('protects a reference section up to the next heading of the same level', () => {
    const text = '# A\n\n## Further Reading\n\nx\n\n### Sub\n\ny\n\n## B\n\nz';
    expect(protectedTexts(text, true)).toEqual(['## Further Reading\n\nx\n\n### Sub\n\ny\n']);
    expect(protectedTexts(text, false)).toEqual([]);
  });

  it('returns sorted, non-overlapping spans', () => {
    const text = `---\na\n---\n\`x\` $y$ [t](u) <b>\n\n${FENCE}\nc\n${FENCE}\n![i](j) https://k.org`;
    const spans = findProtectedSpans(text);
    for (let i = 1; i < spans.length; i++) expect(spans[i]!.start).toBeGreaterThanOrEqual(spans[i - 1]!.end);
    expect(spans.length).toBe(8);
  });
});
