import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { serializeCommentFile } from '@vmark/shared/lib/comments/commentFile';
import type { CommentFile, CommentReply, CommentThread } from '@vmark/shared/lib/comments/types';
import type { Ai } from './mcpClient';

export interface ListedReply {
  id: string;
  author: 'person' | 'ai';
  client?: string;
  body?: string;
  bodyBase64?: string;
}

export interface ListedThread {
  comment: string;
  state: string;
  commentGen: string;
  quote?: string;
  detached?: boolean;
  continued?: true;
  repliesFrom?: number;
  repliesTotal?: number;
  replies: ListedReply[];
}

export interface ListedPage {
  doc: string;
  generation: string;
  threads: ListedThread[];
  nextCursor?: string;
}

/** A markdown file in the workspace, opened by the AI and focused, with the person in source mode. */
export async function openNote(stack: { workspace: string; page: Page }, ai: Ai, name: string, content: string): Promise<{ file: string; tabId: string }> {
  const file = path.join(stack.workspace, name);
  fs.writeFileSync(file, content);
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  await useSourceEditor(stack.page);
  return { file, tabId };
}

/** Comments are made in the source editor (CodeMirror): the person switches the focused tab to it. */
export async function useSourceEditor(page: Page): Promise<void> {
  const toolbar = page.getByRole('toolbar', { name: 'Document' });
  await toolbar.waitFor();
  const toggle = toolbar.getByRole('button', { name: 'Source mode' });
  if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await page.locator('.cm-content').waitFor();
}

/** The person selects `length` characters from column `column` of line `line` (0-based) with the keyboard. */
export async function selectWithKeyboard(page: Page, line: number, column: number, length: number): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < line; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Home');
  for (let i = 0; i < column; i++) await page.keyboard.press('ArrowRight');
  for (let i = 0; i < length; i++) await page.keyboard.press('Shift+ArrowRight');
}

/** The person clicks Comment, types the comment and submits it. */
export async function commentOnSelection(page: Page, body: string): Promise<void> {
  await page.getByRole('toolbar', { name: 'Document' }).getByRole('button', { name: 'Comment', exact: true }).click();
  const form = page.getByRole('form', { name: 'New comment' });
  await form.getByRole('textbox', { name: 'Comment' }).fill(body);
  await form.getByRole('button', { name: 'Add comment' }).click();
  await form.waitFor({ state: 'detached' });
}

/** The Comments panel, opened if it is not. */
export async function commentsPanel(page: Page) {
  const panel = page.getByRole('complementary', { name: 'Comments' });
  if (!(await panel.isVisible())) await page.getByRole('toolbar', { name: 'Document' }).getByRole('button', { name: 'Comments', exact: true }).click();
  return panel;
}

export async function listAll(ai: Ai, tabId: string): Promise<ListedPage[]> {
  const pages: ListedPage[] = [];
  let cursor: string | undefined;
  do {
    const page: ListedPage = await ai.ok<ListedPage>('comments', { action: 'list', tabId, ...(cursor ? { cursor } : {}) });
    pages.push(page);
    cursor = page.nextCursor;
  } while (cursor);
  return pages;
}

export const bodyOf = (reply: ListedReply): string => reply.body ?? Buffer.from(reply.bodyBase64 ?? '', 'base64').toString('utf8');

let counter = 0;
const id = (prefix: 'cmt' | 'rpl') => `${prefix}-${String(++counter).padStart(12, '0')}`;

/** A thread in the stored format, anchored to `quote` at `start` of the document text. */
export function storedThread(text: string, quote: string, bodies: string[], state: CommentThread['state'] = 'open'): CommentThread {
  const start = text.indexOf(quote);
  if (start < 0) throw new Error(`quote not in text: ${quote}`);
  const replies: CommentReply[] = bodies.map((body, i) => ({
    id: id('rpl'),
    author: i === 0 ? 'person' : 'ai',
    ...(i === 0 ? {} : { client: 'earlier-ai' }),
    body,
    at: new Date(Date.UTC(2026, 0, 1) + counter * 1000).toISOString(),
  }));
  return {
    id: id('cmt'),
    createdAt: new Date(Date.UTC(2026, 0, 1) + counter * 1000).toISOString(),
    state,
    gen: 1,
    anchor: { quote, prefix: text.slice(Math.max(0, start - 32), start), suffix: text.slice(start + quote.length, start + quote.length + 32), start },
    detached: false,
    replies,
  };
}

/** Writes `.vmark/comments/<name>.json` beside the workspace root, as VMark stores it. */
export function writeCommentFile(workspace: string, name: string, threads: CommentThread[]): string {
  const file: CommentFile = { version: 1, doc: name, seq: threads.length + 1, threads };
  const target = path.join(workspace, '.vmark', 'comments', `${name}.json`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  fs.writeFileSync(target, serializeCommentFile(file));
  return target;
}
