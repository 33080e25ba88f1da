import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BROWSER_TOKENS, ERROR_CODES, OFFERED_ACTIONS, TOOLS, offeredIn, renderProse } from '@vmark/shared';
import { DOCS_PATH, README_PATH, renderReadmeTools, renderToolsDoc } from './generateDocs';

describe('generateDocs', () => {
  it('docs/tools.md and the README\'s tool list match the tool definitions and the owner table (run npm run docs)', () => {
    const committed = readFileSync(DOCS_PATH, 'utf8');
    expect(committed === renderToolsDoc(), 'docs/tools.md is out of date: run npm run docs').toBe(true);
    const readme = readFileSync(README_PATH, 'utf8');
    expect(readme === renderReadmeTools(readme), 'README.md\'s tool list is out of date: run npm run docs').toBe(true);
  });

  it('documents every offered action, lists every other one under "Not offered yet", and every code', () => {
    const doc = renderToolsDoc();
    const [served, notYet] = doc.split('## Not offered yet') as [string, string];
    for (const tool of TOOLS) {
      const actions = OFFERED_ACTIONS.get(tool.name) ?? [];
      if (actions.length > 0) expect(served).toContain(`## \`${tool.name}\` — ${renderProse(tool.title, offeredIn(OFFERED_ACTIONS))}`);
      for (const action of Object.keys(tool.actions)) {
        if (actions.includes(action)) expect(served).toContain(`### \`${tool.name}.${action}\``);
        else {
          expect(served).not.toContain(`${tool.name}.${action}`);
          expect(notYet).toContain(`| \`${tool.name}.${action}\` |`);
        }
      }
    }
    for (const code of [...Object.keys(ERROR_CODES), ...Object.keys(BROWSER_TOKENS)]) expect(doc).toContain(`| \`${code}\` |`);
  });
});
