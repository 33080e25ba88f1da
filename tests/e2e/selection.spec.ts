// One stack for the spec: every test opens files of its own and its tabs are closed after it.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Ai } from './support/mcpClient';
import { journalEntries } from './support/journal';
import { useSourceMode } from './support/person';
import type { Stack } from './support/stack';
import { useSharedStackAndAi } from './support/cleanUp';

let stack: Stack;
let ai: Ai;
useSharedStackAndAi((started) => ({ stack, ai } = started));

/** Writes `name` (unique per test) into the workspace, opens it through MCP and shows it in source mode. */
async function focusedNote(name: string, content: string) {
  const file = path.join(stack.workspace, name);
  fs.writeFileSync(file, content);
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  await useSourceMode(stack.page);
  return { file, tabId };
}

/** The person selects characters [from, to) of the first line with the keyboard. */
async function select(page: import('playwright-core').Page, from: number, to: number) {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+Home');
  for (let i = 0; i < from; i++) await page.keyboard.press('ArrowRight');
  for (let i = from; i < to; i++) await page.keyboard.press('Shift+ArrowRight');
}

test('SEL-GET-01 SEL-GET-04 selection.get returns the selected source text with offsets, mode, kind, tabId and revision', async () => {
  const { tabId } = await focusedNote('get.md', 'hello brave world\n');
  await select(stack.page, 6, 11);
  const got = await ai.ok<Record<string, unknown>>('selection', { action: 'get' });
  const { revision } = await ai.ok<{ revision: string }>('document', { action: 'read', tabId });
  expect(got).toEqual({ text: 'brave', isEmpty: false, range: { from: 6, to: 11 }, mode: 'source', kind: 'markdown', tabId, revision });
});

test('SEL-SET-01 SEL-SET-04 SEL-SET-07 selection.set splices raw text in source mode and reports replaced_chars', async () => {
  const { tabId, file } = await focusedNote('splice.md', 'hello brave world\n');
  await select(stack.page, 6, 11);
  const { revision } = await ai.ok<{ revision: string }>('selection', { action: 'get' });
  const set = await ai.ok<Record<string, unknown>>('selection', { action: 'set', content: '**bold** new', expected_revision: revision });
  expect(set).toMatchObject({ replaced_chars: 5, applied: true, durable: true });
  expect(set.revision).not.toBe(revision);
  const read = await ai.ok<{ content: string; dirty: boolean }>('document', { action: 'read', tabId });
  expect(read.content).toBe('hello **bold** new world\n');
  expect(read.dirty).toBe(true);
  expect(fs.readFileSync(file, 'utf8')).toBe('hello brave world\n');
});

test('SEL-SET-05 SEL-SET-06 an empty content deletes the selection; a collapsed selection inserts at the cursor', async () => {
  const { tabId } = await focusedNote('delete-insert.md', 'abcdef\n');
  await select(stack.page, 1, 3);
  await ai.ok('selection', { action: 'set', content: '' });
  expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).toBe('adef\n');
  await select(stack.page, 2, 2);
  const inserted = await ai.ok<{ replaced_chars: number }>('selection', { action: 'set', content: 'XY' });
  expect(inserted.replaced_chars).toBe(0);
  expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).toBe('adXYef\n');
});

test('SEL-01 selection.* with a tabId other than the focused tab is INVALID_TAB', async () => {
  await focusedNote('focused.md', 'x\n');
  const { tabId: other } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: path.join(stack.workspace, 'sel.md').replace('sel.md', 'other.md') }).catch(async () => {
    fs.writeFileSync(path.join(stack.workspace, 'other.md'), 'o\n');
    return ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: path.join(stack.workspace, 'other.md') });
  });
  const get = await ai.call('selection', { action: 'get', tabId: other });
  expect(get.structuredContent).toMatchObject({ error: 'INVALID_TAB' });
  const set = await ai.call('selection', { action: 'set', tabId: other, content: 'x' });
  expect(set.structuredContent).toMatchObject({ error: 'INVALID_TAB' });
});

test('SEL-SET-10 SEL-SET-11 a keystroke between get and set makes selection.set with that revision STALE, with current_revision', async () => {
  const { tabId } = await focusedNote('stale.md', 'abc\n');
  await select(stack.page, 0, 1);
  const { revision } = await ai.ok<{ revision: string }>('selection', { action: 'get' });
  await stack.page.keyboard.type('Z');
  const result = await ai.call('selection', { action: 'set', content: 'q', expected_revision: revision });
  const current = (await ai.ok<{ revision: string }>('document', { action: 'read', tabId })).revision;
  expect(result.structuredContent).toEqual({ error: 'STALE', message: expect.any(String), current_revision: current });
});

test('DOC-TRF-01 document.transform cjk-spacing inserts spaces between CJK and Latin; code stays', async () => {
  const file = path.join(stack.workspace, 'cjk.md');
  fs.writeFileSync(file, '中文English混排\n\n`代码code`\n');
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  const result = await ai.ok<Record<string, unknown>>('document', { action: 'transform', tabId, kind: 'cjk-spacing' });
  expect(result).toMatchObject({ applied: true, durable: true, revision: expect.stringMatching(/^rev-/) });
  expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).toBe('中文 English 混排\n\n`代码code`\n');
});

test('SEL-GET-03 range is in ProseMirror positions in WYSIWYG and in character offsets in source; mode says which', async () => {
  const file = path.join(stack.workspace, 'modes.md');
  fs.writeFileSync(file, 'hello brave world\n');
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  const editor = stack.page.getByLabel('modes document');
  // on a loaded machine a late re-render can take the caret before the keys land: select again then
  await expect(async () => {
    await editor.locator('p').first().click();
    await expect(editor).toBeFocused();
    await stack.page.keyboard.press('Home');
    for (let i = 0; i < 'hello '.length; i++) await stack.page.keyboard.press('ArrowRight');
    for (let i = 0; i < 'brave'.length; i++) await stack.page.keyboard.press('Shift+ArrowRight');
    await expect.poll(async () => (await ai.ok<{ text: string }>('selection', { action: 'get' })).text, { timeout: 3000 }).toBe('brave');
  }).toPass({ timeout: 20_000 });
  // the paragraph opens at position 0, its text starts at 1
  expect(await ai.ok('selection', { action: 'get' })).toMatchObject({ mode: 'wysiwyg', range: { from: 7, to: 12 } });
  await useSourceMode(stack.page);
  await select(stack.page, 6, 11);
  expect(await ai.ok('selection', { action: 'get' })).toMatchObject({ text: 'brave', mode: 'source', range: { from: 6, to: 11 } });
});

test('SEL-SET-09 a selection.set that changes nothing keeps the revision and is not journaled', async () => {
  const { file, tabId } = await focusedNote('noop.md', 'abcdef\n');
  await select(stack.page, 0, 3);
  const { revision } = await ai.ok<{ revision: string }>('selection', { action: 'get' });
  const same = await ai.ok<Record<string, unknown>>('selection', { action: 'set', content: 'abc', expected_revision: revision });
  expect(same).toMatchObject({ revision, replaced_chars: 3, applied: true });
  await select(stack.page, 2, 2);
  expect(await ai.ok('selection', { action: 'set', content: '' })).toMatchObject({ revision, replaced_chars: 0 });
  expect(await journalEntries(stack.page, file)).toEqual([]);
  expect((await ai.ok<{ revision: string }>('document', { action: 'read', tabId })).revision).toBe(revision);
  // a set that does change the text is journaled
  await ai.ok('selection', { action: 'set', content: 'X' });
  expect((await journalEntries(stack.page, file)).map((e) => [e.tool, e.action, e.state])).toEqual([['selection', 'set', 'applied']]);
});

test('SEL-SET-12 the person moved the cursor between get and set: the edit lands at the new position', async () => {
  const { tabId } = await focusedNote('moved.md', 'abcdef\n');
  await select(stack.page, 0, 2);
  const got = await ai.ok<{ text: string; revision: string }>('selection', { action: 'get' });
  expect(got.text).toBe('ab');
  // pure cursor movement, no keystroke that changes text
  await stack.page.keyboard.press('End');
  const set = await ai.ok<{ replaced_chars: number }>('selection', { action: 'set', content: 'XY', expected_revision: got.revision });
  expect(set.replaced_chars).toBe(0);
  expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).toBe('abcdefXY\n');
});

test('GEN-07 in a large document selection.get and selection.set carry the selection and the edit, never the whole document', async () => {
  const rest = Array.from({ length: 800 }, (_, i) => `Line ${i} of the long rest of the note, which neither call may carry.\n`).join('');
  const { tabId } = await focusedNote('large.md', `hello brave world\n${rest}`);
  await select(stack.page, 6, 11);
  const got = await ai.call('selection', { action: 'get' });
  const { revision } = got.structuredContent as { revision: string };
  const set = await ai.call('selection', { action: 'set', content: 'bold', expected_revision: revision });
  expect(set.structuredContent).toMatchObject({ replaced_chars: 5, applied: true });
  for (const answer of [got, set]) {
    expect(answer.isError).toBeFalsy();
    expect(JSON.stringify(answer).length).toBeLessThan(1_000);
    expect(JSON.stringify(answer)).not.toContain('long rest');
  }
  expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).toBe(`hello bold world\n${rest}`);
});

test('SEL-SET-01 SEL-SET-04 SEL-SET-06 GEN-07 a long run of selection.set with the person typing between stays exact: read, save and the file agree', async () => {
  const start = Array.from({ length: 60 }, (_, i) => `Line ${i}: 中文 and 😀 with some words.\n`).join('');
  const { tabId, file } = await focusedNote('long-run.md', start);
  await stack.page.locator('.cm-content').click();
  let expected = start;
  let seed = 7;
  const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % n;
  const moves = ['ArrowDown', 'ArrowUp', 'ArrowRight', 'ArrowLeft', 'End', 'Shift+ArrowRight', 'Shift+ArrowDown'];
  // more splices than the pieces an AI splice keeps (64), so the text starts over from a new base on the way
  for (let step = 0; step < 120; step++) {
    for (let i = random(3); i > 0; i--) await stack.page.keyboard.press(moves[random(moves.length)] as string);
    const { range } = await ai.ok<{ range: { from: number; to: number } }>('selection', { action: 'get' });
    if (step % 20 === 19) {
      // the person types: the text now comes from the editor, not from the last splice
      await stack.page.keyboard.type('P');
      expected = expected.slice(0, range.from) + 'P' + expected.slice(range.to);
      continue;
    }
    const content = ['x', '', 'two words', '😀', `new line ${step}\n`][random(5)] as string;
    await ai.ok('selection', { action: 'set', content });
    expected = expected.slice(0, range.from) + content + expected.slice(range.to);
  }
  expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).toBe(expected);
  await ai.ok('workspace', { action: 'save', tabId });
  expect(fs.readFileSync(file, 'utf8')).toBe(expected);
});
