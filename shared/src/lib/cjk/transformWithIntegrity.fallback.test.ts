import { describe, expect, it, vi } from 'vitest';
import { rewriteMarkdown } from './rewriteMarkdown';
import { transformWithIntegrity } from './transformWithIntegrity';
import { cjkFormat } from './cjkFormat';
import { DEFAULT_CJK_FORMAT_SETTINGS } from './cjkFormatSettings';

// A rule with a bug is simulated by replacing the raw rewrite: the wrapper must catch it.
vi.mock('./rewriteMarkdown', () => ({ rewriteMarkdown: vi.fn() }));
const rewrite = vi.mocked(rewriteMarkdown);

describe('document.transform integrity fallback', () => {
  it.each([
    ['a rewritten code span', '用`a中文`和', '用`a 中文`和'],
    ['a lost heading', '# 标题abc\n', '标题 abc\n'],
    ['a joined line', '中文\nabc', '中文 abc'],
    ['a lost emphasis marker', '*中文*abc', '中文 abc'],
    ['a lost letter', '中文abc', '中文 ab'],
    ['a changed front matter', '---\nt: 中文abc\n---\n', '---\nt: 中文 abc\n---\n'],
  ])('document.transform DOC-TRF-01 returns the original on %s', (_name, input, broken) => {
    rewrite.mockReturnValueOnce(broken);
    expect(transformWithIntegrity('cjk-format', input, DEFAULT_CJK_FORMAT_SETTINGS)).toEqual({
      text: input,
      changed: false,
      integrityFailed: true,
    });
  });

  it('document.transform DOC-TRF-02 returns the original when cjk-spacing breaks structure', () => {
    rewrite.mockReturnValueOnce('a b');
    expect(transformWithIntegrity('cjk-spacing', 'a\nb')).toEqual({ text: 'a\nb', changed: false, integrityFailed: true });
  });

  it('document.transform DOC-TRF-03 returns the original when a rule throws', () => {
    rewrite.mockImplementationOnce(() => {
      throw new Error('mask count changed');
    });
    expect(transformWithIntegrity('cjk-punctuation', '中文,好')).toEqual({ text: '中文,好', changed: false, integrityFailed: true });
  });

  it('document.transform DOC-TRF-01 cjkFormat returns the original text on an integrity failure', () => {
    rewrite.mockReturnValueOnce('broken');
    expect(cjkFormat('# 中文abc', DEFAULT_CJK_FORMAT_SETTINGS)).toBe('# 中文abc');
  });

  it('document.transform DOC-TRF-01 passes a structurally sound rewrite through', () => {
    rewrite.mockReturnValueOnce('# 中文 abc');
    expect(transformWithIntegrity('cjk-format', '# 中文abc')).toEqual({ text: '# 中文 abc', changed: true, integrityFailed: false });
  });
});
