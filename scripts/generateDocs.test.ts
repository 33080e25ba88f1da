import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BROWSER_TOKENS, ERROR_CODES, TOOLS } from '@vmark/shared';
import { DOCS_PATH, renderToolsDoc } from './generateDocs';

describe('generateDocs', () => {
  it('docs/tools.md matches the tool definitions (run npm run docs)', () => {
    const committed = readFileSync(DOCS_PATH, 'utf8');
    expect(committed === renderToolsDoc(), 'docs/tools.md is out of date: run npm run docs').toBe(true);
  });

  it('documents every tool, action and code', () => {
    const doc = renderToolsDoc();
    for (const tool of TOOLS) {
      expect(doc).toContain(`## \`${tool.name}\` — ${tool.title}`);
      for (const action of Object.keys(tool.actions)) expect(doc).toContain(`### \`${tool.name}.${action}\``);
    }
    for (const code of [...Object.keys(ERROR_CODES), ...Object.keys(BROWSER_TOKENS)]) expect(doc).toContain(`| \`${code}\` |`);
  });
});
