import { describe, expect, it } from 'vitest';
import { parseMarkdown, serializeMarkdown } from '../markdown';
import { markdownSchema } from '../schema';
import { tokensOf } from './codeHighlight';
import { loadLowlight } from './lowlightLoader';

async function codeTokens(markdown: string) {
  const parsed = parseMarkdown(markdown);
  const doc = markdownSchema().nodeFromJSON(parsed.doc);
  const code = doc.firstChild!;
  const tokens = tokensOf(code, await loadLowlight());
  return tokens.map((token) => [code.textContent.slice(token.from, token.to), token.className]);
}

describe('code highlighting', () => {
  it('marks the tokens of a ts fence with highlight.js classes', async () => {
    const tokens = await codeTokens('```ts\nconst answer: number = 42; // yes\n```\n');
    expect(tokens).toContainEqual(['const', 'hljs-keyword']);
    expect(tokens).toContainEqual(['42', 'hljs-number']);
    expect(tokens).toContainEqual(['// yes', 'hljs-comment']);
  });

  it('leaves unknown languages, mermaid and plain fences without tokens', async () => {
    expect(await codeTokens('```nosuchlang\nconst x\n```\n')).toEqual([]);
    expect(await codeTokens('```mermaid\ngraph TD; A-->B\n```\n')).toEqual([]);
    expect(await codeTokens('```\nconst x\n```\n')).toEqual([]);
  });

  it('tokens cover nested scopes with every class around them', async () => {
    const tokens = await codeTokens('```ts\nconst s = `a${b}`;\n```\n');
    expect(tokens.some(([, className]) => className!.split(' ').length > 1 || className === 'hljs-subst')).toBe(true);
  });

  it('highlighting is decoration only: the parsed document serialises to the same bytes', () => {
    const source = '```ts\r\nconst x = 1;\r\n```\r\n';
    const parsed = parseMarkdown(source);
    expect(serializeMarkdown(parsed.doc, parsed)).toBe(source);
  });
});
