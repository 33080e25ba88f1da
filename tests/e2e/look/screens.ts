import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { storedThread, writeCommentFile } from '../support/comments';

export const VIEWPORT = { width: 1400, height: 900 };

export const WELCOME = `---
title: Release notes
tags: [product, draft]
---

# VMark 1.0 release notes

VMark is a markdown editor that lives in your browser and lets an AI client work **in the document you are looking at** — every change it makes is in the history, and nothing is saved without you.

## What is new

- A WYSIWYG view and a source view of the same text, switched with \`Ctrl+/\`.
- Comments the AI can read and answer.
- A history of every change, by you or by the AI, with a diff and a restore.

> Markdown stays markdown: what you did not touch is saved byte for byte.

## Getting started

1. Run \`npx vmark start --workspace .\`
2. Connect your AI client with \`claude mcp add vmark -- npx vmark mcp\`
3. Ask it to tidy up this page.

\`\`\`ts
const answer = await client.callTool({ name: 'document', arguments: { action: 'read' } });
\`\`\`

| Shortcut | Action |
| --- | --- |
| Ctrl+S | Save |
| Ctrl+Shift+P | Command palette |
`;

export const WORKFLOW = `name: CI
on:
  push:
    branches: [main]
jobs:
  test:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
      - run: npm ci
      - run: npm test
`;

/** The demo workspace the screens show: a document with a comment, a second one and a workflow. */
export function writeDemoWorkspace(workspace: string): void {
  fs.writeFileSync(path.join(workspace, 'release-notes.md'), WELCOME);
  fs.writeFileSync(path.join(workspace, 'ideas.md'), '# Ideas\n\n- Outline view\n');
  fs.mkdirSync(path.join(workspace, '.github', 'workflows'), { recursive: true });
  fs.writeFileSync(path.join(workspace, '.github', 'workflows', 'ci.yml'), WORKFLOW);
  fs.mkdirSync(path.join(workspace, 'docs'));
  fs.writeFileSync(path.join(workspace, 'docs', 'guide.md'), '# Guide\n');
  writeCommentFile(workspace, 'release-notes.md', [storedThread(WELCOME, 'nothing is saved without you', ['Is this true for autosave too?', 'Yes: autosave only writes documents you saved once.'])]);
}

/** Waits until fonts are loaded and nothing is animating, so two shots of one screen match. */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    (document.activeElement as HTMLElement | null)?.blur();
  });
  await page.waitForTimeout(300);
}
