// One stack per GitHub-rendering spec, and how those specs open and save a document in WYSIWYG.

import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from '@playwright/test';
import type { Ai } from './mcpClient';
import { useSharedStack } from './sharedStack';
import type { Stack } from './stack';

export const MARKDOWN_FIXTURES = path.join(import.meta.dirname, '..', '..', 'fixtures', 'markdown');

export interface GithubDocs {
  readonly stack: Stack;
  readonly ai: Ai;
  /** Writes `name` into the workspace, opens it through MCP and shows its WYSIWYG editor. */
  open(name: string, content: string | Buffer): Promise<{ file: string; tabId: string; editor: ReturnType<Page['getByLabel']> }>;
  /** Saves the shown document as the person does (Ctrl+S). */
  save(): Promise<void>;
}

/** Starts the stack before the spec's tests and stops it after them. */
export function useGithubDocs(): GithubDocs {
  let stack: Stack | undefined;
  let ai: Ai | undefined;
  useSharedStack({}, async (shared) => {
    stack = shared.stack;
    ai = await shared.connectAi();
    await stack.page.setViewportSize({ width: 1400, height: 900 });
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the stack starts in beforeAll');
    return value;
  };
  return {
    get stack() {
      return started(stack);
    },
    get ai() {
      return started(ai);
    },
    async open(name, content) {
      const file = path.join(started(stack).workspace, name);
      fs.writeFileSync(file, content);
      const { tabId } = await started(ai).ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
      await started(ai).ok('workspace', { action: 'switch_tab', tabId });
      const editor = started(stack).page.getByLabel(`${name.replace(/\.md$/, '')} document`, { exact: true });
      await expect(editor).toBeVisible();
      return { file, tabId, editor };
    },
    async save() {
      await started(stack).page.keyboard.press('Control+s');
    },
  };
}
