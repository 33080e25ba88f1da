import { describe, expect, it } from 'vitest';
import { verifyStructure } from './verifyStructure';

describe('document.transform DOC-TRF-01 integrity check verifyStructure', () => {
  it('accepts changes of whitespace, punctuation and width', () => {
    expect(verifyStructure('中文abc,好. １２', '中文 abc，好。 12')).toEqual({ ok: true, mismatches: [] });
    expect(verifyStructure('他说"好"--了', '他说 “好” —— 了').ok).toBe(true);
  });

  it.each([
    ['a changed code span', 'a `x` b', 'a `y` b', 'protected'],
    ['a lost code span', 'a `x` b', 'a x b', 'protected'],
    ['a changed URL', 'see https://a.com/x', 'see https://a.com/y', 'protected'],
    ['a changed front matter', '---\na: 1\n---\nt', '---\na: 2\n---\nt', 'protected'],
    ['a lost heading marker', '# 标题\n正文', '标题\n正文', 'lines'],
    ['a changed list marker', '- 项\n', '* 项\n', 'lines'],
    ['a lost blockquote marker', '> 引用', '引用', 'lines'],
    ['a changed line count', 'a\nb', 'a b', 'lines'],
    ['a changed indentation', '- a\n  - b', '- a\n - b', 'lines'],
    ['a lost emphasis marker', '**粗**体', '粗体', 'markers'],
    ['a lost table pipe', '| a | b |', '| a  b |', 'markers'],
    ['a lost letter', '中文abc', '中文ab', 'content'],
    ['reordered letters', '中文abc', '文中abc', 'content'],
    ['a lost emoji', '好\u{1F600}', '好', 'content'],
  ])('refuses %s', (_name, before, after, mismatch) => {
    const check = verifyStructure(before, after);
    expect(check.ok).toBe(false);
    expect(check.mismatches).toContain(mismatch);
  });

  it('allows shorter blank-line runs only when blank-line collapsing is on', () => {
    expect(verifyStructure('a\n\n\n\nb', 'a\n\nb').mismatches).toEqual(['lines']);
    expect(verifyStructure('a\n\n\n\nb', 'a\n\nb', { allowBlankLineCollapse: true }).ok).toBe(true);
    expect(verifyStructure('a\n\nb', 'a\nb', { allowBlankLineCollapse: true }).ok).toBe(false);
  });

  it('treats [] and 【】 as the same marker', () => {
    expect(verifyStructure('[中文]', '【中文】').ok).toBe(true);
  });

  it('ignores line-ending style', () => {
    expect(verifyStructure('a\r\nb', 'a\nb').ok).toBe(true);
  });
});
