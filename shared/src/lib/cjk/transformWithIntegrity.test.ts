import { describe, expect, it } from 'vitest';
import { cjkFormat } from './cjkFormat';
import { DEFAULT_CJK_FORMAT_SETTINGS, type CjkFormatSettings } from './cjkFormatSettings';
import { cjkPunctuation } from './cjkPunctuation';
import { cjkSpacing } from './cjkSpacing';
import type { CjkTransformKind } from './rewriteMarkdown';
import { transformWithIntegrity } from './transformWithIntegrity';

interface Case {
  title: string;
  input: string;
  expected: string;
  settings?: Partial<CjkFormatSettings>;
}

const CONTRACT_ID: Record<CjkTransformKind, string> = {
  'cjk-format': 'DOC-TRF-01',
  'cjk-spacing': 'DOC-TRF-02',
  'cjk-punctuation': 'DOC-TRF-03',
};

const FENCE = '```';

const SPACING: Case[] = [
  { title: 'spaces Han and Latin letters', input: '中文English中文', expected: '中文 English 中文' },
  { title: 'spaces Han and digits', input: '共100个', expected: '共 100 个' },
  { title: 'spaces a word that ends in a digit', input: 'Vue3中文档', expected: 'Vue3 中文档' },
  { title: 'spaces Hiragana', input: 'ひらがなabc', expected: 'ひらがな abc' },
  { title: 'spaces Katakana', input: 'カタカナABC', expected: 'カタカナ ABC' },
  { title: 'spaces Hangul', input: '한국어abc', expected: '한국어 abc' },
  { title: 'spaces supplementary-plane Han', input: '\u{20000}abc', expected: '\u{20000} abc' },
  { title: 'removes nothing (existing double spaces stay)', input: '中文 English  中文', expected: '中文 English  中文' },
  { title: 'leaves punctuation alone', input: '中文,English', expected: '中文,English' },
  { title: 'protects inline code', input: '使用`npm install中文`命令abc', expected: '使用`npm install中文`命令 abc' },
  { title: 'protects fenced code', input: `${FENCE}js\nconst a中文 = 1;\n${FENCE}\n中文abc`, expected: `${FENCE}js\nconst a中文 = 1;\n${FENCE}\n中文 abc` },
  { title: 'protects tilde fences and unclosed fences', input: '~~~\n中文abc\n~~~\n中文abc\n```\n中文abc', expected: '~~~\n中文abc\n~~~\n中文 abc\n```\n中文abc' },
  { title: 'protects indented code', input: '段落abc\n\n    code中文abc\n\n结尾abc', expected: '段落 abc\n\n    code中文abc\n\n结尾 abc' },
  { title: 'treats indented list continuations as text', input: '- 列表abc\n\n    续行abc', expected: '- 列表 abc\n\n    续行 abc' },
  { title: 'spaces around a bare URL without touching it', input: '访问https://example.com/a获取', expected: '访问 https://example.com/a 获取' },
  { title: 'protects autolinks', input: '见<https://a.com/中文abc>好', expected: '见<https://a.com/中文abc>好' },
  { title: 'protects link destinations but formats link text', input: '[中文abc](https://a.com/中文abc "标题abc")', expected: '[中文 abc](https://a.com/中文abc "标题abc")' },
  { title: 'protects images', input: '![图片abc](图abc.png)', expected: '![图片abc](图abc.png)' },
  { title: 'protects reference definitions', input: '[标签abc]: https://a.com/中文abc', expected: '[标签abc]: https://a.com/中文abc' },
  { title: 'protects HTML tags but formats their text', input: '<span title="中文abc">中文abc</span>', expected: '<span title="中文abc">中文 abc</span>' },
  { title: 'protects HTML comments', input: '<!-- 中文abc\n中文abc -->\n正文abc', expected: '<!-- 中文abc\n中文abc -->\n正文 abc' },
  { title: 'protects inline math', input: '公式$a中文b$结束abc', expected: '公式$a中文b$结束 abc' },
  { title: 'protects display math', input: '$$\nx中文y\n$$\n中文abc', expected: '$$\nx中文y\n$$\n中文 abc' },
  { title: 'protects YAML front matter', input: '---\ntitle: 中文abc\n---\n正文abc', expected: '---\ntitle: 中文abc\n---\n正文 abc' },
  { title: 'protects TOML front matter', input: '+++\ntitle = "中文abc"\n+++\n正文abc', expected: '+++\ntitle = "中文abc"\n+++\n正文 abc' },
  { title: 'protects entities, footnotes and wiki links', input: '中文&amp;abc[^n1]和[[维基abc]]', expected: '中文&amp;abc[^n1]和[[维基abc]]' },
  { title: 'keeps CRLF line endings', input: '中文abc\r\n第二行def\r\n', expected: '中文 abc\r\n第二行 def\r\n' },
  { title: 'keeps mixed line endings', input: 'a中文\r\nb中文\nc', expected: 'a 中文\r\nb 中文\nc' },
  { title: 'formats headings, quotes and lists keeping their markers', input: '# 标题abc\n> 引用abc\n1. 列表abc', expected: '# 标题 abc\n> 引用 abc\n1. 列表 abc' },
];

const PUNCTUATION: Case[] = [
  { title: 'converts comma and period', input: '中文,中文.', expected: '中文，中文。' },
  { title: 'converts ! and ?', input: '你好!真的?', expected: '你好！真的？' },
  { title: 'converts : and ;', input: '注意:这里;那里', expected: '注意：这里；那里' },
  { title: 'converts a whole run', input: '中文?!', expected: '中文？！' },
  { title: 'converts parentheses that enclose CJK', input: '中文(注释)', expected: '中文（注释）' },
  { title: 'converts nested parentheses', input: '中文(中(文))', expected: '中文（中（文））' },
  { title: 'keeps parentheses around Latin', input: '中文(English)', expected: '中文(English)' },
  { title: 'converts next to Latin when the other side is CJK', input: 'English,中文', expected: 'English，中文' },
  { title: 'converts next to Hangul', input: '안녕,세계', expected: '안녕，세계' },
  { title: 'leaves pure ASCII alone', input: 'Hello, world. (ok)', expected: 'Hello, world. (ok)' },
  { title: 'leaves decimals alone', input: '圆周率是3.14左右', expected: '圆周率是3.14左右' },
  { title: 'leaves times alone but converts the label colon', input: '时间:12:30', expected: '时间：12:30' },
  { title: 'leaves ellipses alone', input: '等等...然后', expected: '等等...然后' },
  { title: 'leaves spaced ellipses alone', input: '等等. . .然后', expected: '等等. . .然后' },
  { title: 'leaves an ordered-list style number alone', input: '1.中文\n## 2.概述', expected: '1.中文\n## 2.概述' },
  { title: 'leaves file names alone', input: '打开说明.md文件', expected: '打开说明.md文件' },
  { title: 'needs direct contact (a space blocks)', input: '中文 , English', expected: '中文 , English' },
  { title: 'leaves escaped punctuation alone', input: '中文\\,好', expected: '中文\\,好' },
  { title: 'protects inline code', input: '`中文,中文.`', expected: '`中文,中文.`' },
  { title: 'protects URLs and converts after them', input: '访问http://a.com/x?y=1,2.中文', expected: '访问http://a.com/x?y=1,2。中文' },
  { title: 'protects link destinations', input: '[中文,好](http://a.com/a,b)', expected: '[中文，好](http://a.com/a,b)' },
  { title: 'protects emoji shortcodes', input: '好:smile:', expected: '好:smile:' },
  { title: 'protects front matter', input: '---\ntitle: 中文,标题\n---\n正文,内容', expected: '---\ntitle: 中文,标题\n---\n正文，内容' },
  { title: 'keeps CRLF line endings', input: '中文,好\r\n\r\n中文.\r\n', expected: '中文，好\r\n\r\n中文。\r\n' },
];

const FORMAT: Case[] = [
  { title: 'spaces a currency amount as one token', input: '价格$100元', expected: '价格 $100 元' },
  { title: 'spaces a unit as part of its number', input: '温度25℃正常，增长-5%左右', expected: '温度 25℃ 正常，增长 -5% 左右' },
  { title: 'leaves Korean spacing alone', input: '한국어abc', expected: '한국어abc' },
  { title: 'turns full-width letters and digits half-width', input: '第１２３章ＡＢＣ', expected: '第 123 章 ABC' },
  { title: 'converts punctuation next to CJK only', input: '中文,English.', expected: '中文，English.' },
  { title: 'makes CJK parentheses full-width and spaces Latin ones', input: '中文(注释)中文(English)中文', expected: '中文（注释）中文 (English) 中文' },
  { title: 'leaves brackets half-width by default', input: '[中文]', expected: '[中文]' },
  {
    title: 'converts brackets when asked, never link syntax',
    input: '[中文]和[参考]与[链接](http://a.com)\n\n[参考]: http://x.com',
    expected: '【中文】和[参考]与[链接](http://a.com)\n\n[参考]: http://x.com',
    settings: { fullwidthBrackets: true },
  },
  { title: 'turns double hyphens next to CJK into an em dash', input: '中文--English', expected: '中文 —— English' },
  { title: 'puts no space between an em dash and CJK brackets', input: '「中文」--「English」', expected: '「中文」——「English」' },
  { title: 'spaces an existing em dash', input: '中文——中文', expected: '中文 —— 中文' },
  { title: 'makes quotes curly in CJK context and spaces them', input: '他说"你好"然后', expected: '他说 “你好” 然后' },
  { title: 'leaves pure Latin quote pairs as typed (contextual)', input: '中文。He said "hi".', expected: '中文。He said "hi".' },
  { title: 'converts Latin pairs too when contextualQuotes is off', input: 'Say "hi" 中文', expected: 'Say “hi” 中文', settings: { contextualQuotes: false } },
  { title: 'keeps apostrophes', input: "don't和中文", expected: "don't 和中文" },
  { title: 'keeps primes', input: '身高5\'10"的人', expected: '身高 5\'10"的人' },
  { title: 'uses corner quotes for CJK when asked', input: '他说"你好"', expected: '他说「你好」', settings: { cjkCornerQuotes: true } },
  { title: 'uses corner quotes for nested single quotes', input: '他说"她说\'好\'"', expected: '他说「她说『好』」', settings: { cjkCornerQuotes: true } },
  { title: 'nests curly single quotes inside corner quotes', input: '「她说‘好’」', expected: '「她说『好』」', settings: { cjkNestedQuotes: true } },
  { title: 'uses guillemets when that is the style', input: '他说"你好"', expected: '他说«你好»', settings: { quoteStyle: 'guillemets', quoteSpacing: false } },
  { title: 'binds currency and units and spaces currency codes', input: '价格 $ 100，增长 50 %，合计100USD', expected: '价格 $100，增长 50%，合计 100 USD' },
  { title: 'tightens slashes', input: '中文 / English', expected: '中文/English' },
  { title: 'collapses runs of spaces but keeps indentation', input: '- 列表\n    - 子项  很好   abc', expected: '- 列表\n    - 子项 很好 abc' },
  { title: 'removes trailing spaces but keeps hard breaks', input: '中文 \n硬换行  \n结束', expected: '中文\n硬换行  \n结束' },
  { title: 'collapses three or more line breaks when newlineCollapsing is on', input: '段一\n\n\n\n段二', expected: '段一\n\n段二', settings: { newlineCollapsing: true } },
  { title: 'keeps blank lines by default', input: '段一\n\n\n\n段二', expected: '段一\n\n\n\n段二' },
  { title: 'never collapses blank lines inside code', input: `${FENCE}\na\n\n\n\nb\n${FENCE}`, expected: `${FENCE}\na\n\n\n\nb\n${FENCE}` },
  { title: 'joins a spaced ellipsis', input: '等等. . .然后', expected: '等等...然后' },
  { title: 'limits repeated punctuation to one', input: '真的!!!吗???', expected: '真的！吗？', settings: { consecutivePunctuationLimit: 1 } },
  { title: 'limits repeated punctuation to two', input: '真的!!!吗???', expected: '真的！！吗？？', settings: { consecutivePunctuationLimit: 2 } },
  { title: 'keeps repeated punctuation by default', input: '真的!!!', expected: '真的！！！' },
  {
    title: 'skips reference sections when asked',
    input: '# 正文abc\n\n## References\n\n中文abc\n\n## 下一节abc',
    expected: '# 正文 abc\n\n## References\n\n中文abc\n\n## 下一节 abc',
    settings: { skipReferenceSections: true },
  },
  { title: 'applies only universal rules to Latin paragraphs', input: 'Hello  world. "Quoted" -- fine', expected: 'Hello world. "Quoted" -- fine' },
  { title: 'keeps table padding and the delimiter row', input: '| 中文abc |   def |\n|---|---|\n| 数据,内容 | x |', expected: '| 中文 abc |   def |\n|---|---|\n| 数据，内容 | x |' },
  { title: 'protects code, math, HTML and URLs', input: '用`a中文b`和$x中文$和<b>粗abc</b>见https://a.com/x中文', expected: '用`a中文b`和$x中文$和<b>粗 abc</b>见 https://a.com/x 中文' },
  { title: 'protects e-mail addresses', input: '联系a.b@example.com获取', expected: '联系 a.b@example.com 获取' },
  { title: 'changes nothing with every rule off', input: '中文abc,"好"  ', expected: '中文abc,"好"  ', settings: Object.fromEntries(Object.entries(DEFAULT_CJK_FORMAT_SETTINGS).map(([key, value]) => [key, typeof value === 'boolean' ? false : value])) },
  { title: 'keeps CRLF through blank-line collapsing', input: '中文abc\r\n\r\n\r\n\r\n段二,好\r\n', expected: '中文 abc\r\n\r\n段二，好\r\n', settings: { newlineCollapsing: true } },
];

const TABLE: Array<[CjkTransformKind, Case[]]> = [
  ['cjk-spacing', SPACING],
  ['cjk-punctuation', PUNCTUATION],
  ['cjk-format', FORMAT],
];

const settingsOf = (c: Case): CjkFormatSettings => ({ ...DEFAULT_CJK_FORMAT_SETTINGS, ...c.settings });
const toCrlf = (text: string) => text.replace(/\r?\n/g, '\r\n');

describe('document.transform CJK transforms', () => {
  it('has at least 60 table cases', () => {
    expect(SPACING.length + PUNCTUATION.length + FORMAT.length).toBeGreaterThanOrEqual(60);
  });

  for (const [kind, cases] of TABLE) {
    describe(`${CONTRACT_ID[kind]} ${kind}`, () => {
      it.each(cases)(`document.transform ${CONTRACT_ID[kind]} ${kind} $title`, (c) => {
        const result = transformWithIntegrity(kind, c.input, settingsOf(c));
        expect(result.text).toBe(c.expected);
        expect(result.integrityFailed).toBe(false);
        expect(result.changed).toBe(c.expected !== c.input);
      });

      it.each(cases)(`document.transform ${CONTRACT_ID[kind]} ${kind} is idempotent: $title`, (c) => {
        const once = transformWithIntegrity(kind, c.input, settingsOf(c)).text;
        expect(transformWithIntegrity(kind, once, settingsOf(c))).toEqual({ text: once, changed: false, integrityFailed: false });
      });

      it.each(cases)(`document.transform ${CONTRACT_ID[kind]} ${kind} preserves CRLF: $title`, (c) => {
        expect(transformWithIntegrity(kind, toCrlf(c.input), settingsOf(c)).text).toBe(toCrlf(c.expected));
      });
    });
  }

  it('document.transform DOC-TRF-02 cjkSpacing is the cjk-spacing transform', () => {
    for (const c of SPACING) expect(cjkSpacing(c.input)).toBe(c.expected);
  });

  it('document.transform DOC-TRF-03 cjkPunctuation is the cjk-punctuation transform', () => {
    for (const c of PUNCTUATION) expect(cjkPunctuation(c.input)).toBe(c.expected);
  });

  it('document.transform DOC-TRF-01 cjkFormat is the cjk-format transform', () => {
    for (const c of FORMAT) expect(cjkFormat(c.input, settingsOf(c))).toBe(c.expected);
  });

  it('document.transform DOC-TRF-07 reports changed: false when nothing changes', () => {
    for (const kind of ['cjk-format', 'cjk-spacing', 'cjk-punctuation'] as const) {
      expect(transformWithIntegrity(kind, 'Plain English.\n', DEFAULT_CJK_FORMAT_SETTINGS)).toEqual({
        text: 'Plain English.\n',
        changed: false,
        integrityFailed: false,
      });
      expect(transformWithIntegrity(kind, '', DEFAULT_CJK_FORMAT_SETTINGS).changed).toBe(false);
    }
  });

  it('document.transform DOC-TRF-01 treats a literal U+FFFC in the text as protected', () => {
    expect(cjkSpacing('中文\uFFFCabc中文')).toBe('中文\uFFFCabc 中文');
  });
});
