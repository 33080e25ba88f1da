import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from 'playwright-core';
import { approvalPromptFor, openExtensionPopup } from './support/browserPerson';
import { writeOpfsFiles } from './support/pickedFolder';
import { refusalOf } from './support/browserFixtures';
import { connectAi, type Ai } from './support/mcpClient';
import { useSourceMode } from './support/person';
import { startSite, type Site } from './support/site';
import { useSharedStack } from './support/sharedStack';
import type { Stack } from './support/stack';
import { VIEWPORT, WELCOME, settle, writeDemoWorkspace } from './look/screens';

// one stack for every screen: the tests run in order and each leaves the window as the next one expects it
test.describe.configure({ mode: 'serial' });

let stack: Stack;
let ai: Ai;
let site: Site;
let page: Page;
let notesTab: string;

// the approval prompt shown is a named profile's, and named profiles keep their cookies sealed in the OS keychain
useSharedStack({ allowLoopback: true, keyring: true }, async (shared) => {
  site = shared.closeAfter(await startSite());
  stack = shared.stack;
  writeDemoWorkspace(stack.workspace);
  ai = await shared.connectAi();
  page = stack.page;
  await page.setViewportSize(VIEWPORT);
  await ai.ok('workspace', { action: 'open', filePath: `${stack.workspace}/ideas.md` });
  notesTab = (await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: `${stack.workspace}/release-notes.md` })).tabId;
  await ai.ok('workspace', { action: 'switch_tab', tabId: notesTab });
  await page.getByRole('tree').getByRole('treeitem', { name: 'docs' }).getByRole('button').click();
  await expect(page.getByRole('heading', { name: 'VMark 1.0 release notes' })).toBeVisible();
});

/** axe-core's serious and critical findings, one line each, so a failure names the rule and the element. */
async function seriousViolations(target: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page: target }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

async function checkScreen(target: Page, name: string, mask: string[] = []): Promise<void> {
  await settle(target);
  expect(await seriousViolations(target)).toEqual([]);
  await expect(target).toHaveScreenshot(`${name}.png`, { mask: mask.map((selector) => target.locator(selector)), maskColor: '#e4e6ea' });
}

test('the WYSIWYG screen: no serious axe finding, and it looks as in docs/screenshots', async () => {
  await checkScreen(page, 'wysiwyg');
});

test('the WYSIWYG screen in the dark theme: no serious axe finding (contrast included)', async () => {
  await page.emulateMedia({ colorScheme: 'dark' });
  try {
    await checkScreen(page, 'wysiwyg-dark');
  } finally {
    await page.emulateMedia({ colorScheme: 'light' });
  }
});

test('the source screen', async () => {
  await useSourceMode(page);
  await checkScreen(page, 'source');
  await page.getByRole('toolbar', { name: 'Document' }).getByRole('button', { name: 'Source mode' }).click();
  await expect(page.locator('.cm-content')).toHaveCount(0);
});

test('the YAML (workflow) screen', async () => {
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: `${stack.workspace}/.github/workflows/ci.yml` });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  await expect(page.locator('.cm-content')).toContainText('runs-on');
  await checkScreen(page, 'yaml');
  await ai.ok('workspace', { action: 'switch_tab', tabId: notesTab });
});

test('the history screen, after a write by the AI', async () => {
  await ai.ok('document', { action: 'write', tabId: notesTab, content: WELCOME.replace('3. Ask it to tidy up this page.', '3. Ask it to tidy up this page.\n4. Review its changes in History.') });
  await page.getByRole('toolbar', { name: 'Document' }).getByRole('button', { name: 'History' }).click();
  await expect(page.getByRole('complementary', { name: 'History' }).getByRole('button', { name: /document\.write by e2e-ai/ })).toBeVisible();
  await checkScreen(page, 'history', ['.history-panel time']);
  await page.getByRole('toolbar', { name: 'Document' }).getByRole('button', { name: 'History' }).click();
});

test('the comments screen', async () => {
  await page.getByRole('toolbar', { name: 'Document' }).getByRole('button', { name: 'Comments' }).click();
  await expect(page.getByText('Is this true for autosave too?')).toBeVisible();
  await checkScreen(page, 'comments');
  await page.getByRole('toolbar', { name: 'Document' }).getByRole('button', { name: 'Comments' }).click();
});

test('the settings screen', async () => {
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await checkScreen(page, 'settings');
  await page.getByRole('dialog').getByRole('button', { name: 'Done' }).press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('an approval prompt of the extension', async () => {
  let refusal: ReturnType<typeof refusalOf> | undefined;
  const prompt = await approvalPromptFor(stack, async () => {
    refusal = refusalOf(await ai.call('browser', { action: 'open', url: site.url('/forms.html'), profile: 'work' }));
  });
  expect(refusal?.token).toBe('NOT_GRANTED');
  await prompt.setViewportSize({ width: 480, height: 560 });
  // the fixture site's port changes from run to run
  await checkScreen(prompt, 'approval', ['#page']);
  await prompt.close();
});

test('the extension popup', async () => {
  const popup = await openExtensionPopup(stack);
  await popup.setViewportSize({ width: 400, height: 560 });
  await expect(popup.getByRole('status')).not.toHaveText(/Checking/);
  // the status line measures the round trip to the host in milliseconds
  await checkScreen(popup, 'popup', ['#status']);
  await popup.close();
});

test('the PWA is installable: Chrome reports no installability errors', async () => {
  const cdp = await stack.context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
  expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
  await cdp.detach();
});

test('the file tree context menu: a right-click opens it, the keyboard picks Rename, and the file is renamed on disk', async () => {
  page.once('dialog', (dialog) => void dialog.accept('ideas-renamed.md'));
  await page.getByRole('treeitem', { name: 'ideas.md' }).getByRole('button').click({ button: 'right' });
  const menu = page.getByRole('menu', { name: 'File actions menu' });
  await expect(menu.getByRole('menuitem', { name: 'New file' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Rename' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(menu).toHaveCount(0);
  await expect.poll(() => fs.existsSync(path.join(stack.workspace, 'ideas-renamed.md'))).toBe(true);
  // a rename writes the new name before it removes the old one
  await expect.poll(() => fs.existsSync(path.join(stack.workspace, 'ideas.md'))).toBe(false);
});

test('the coherence screen: a Scratch chapter went stale against its character sheet', async () => {
  await page.getByRole('tab', { name: 'Scratch' }).click();
  // recorded from the first save: no setup, and nothing is added to the documents
  await writeOpfsFiles(page, 'scratch', { 'elena.md': '# Elena\n\nElena has green eyes.\n', 'chapter-3.md': '# Chapter 3\n\nHer green eyes caught the light.\n' });
  const open = async (name: string) => (await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: `/vmark-scratch/${name}` })).tabId;
  const elena = await open('elena.md');
  await ai.ok('workspace', { action: 'switch_tab', tabId: elena });
  await page.getByRole('toolbar', { name: 'Document' }).getByRole('button', { name: 'Coherence' }).click();
  const panel = page.getByRole('complementary', { name: 'Coherence' });
  // the AI saves the sheet, reads it, derives the chapter from it; then the sheet changes
  await ai.ok('document', { action: 'write', tabId: elena, content: '# Elena\n\nElena has green eyes.\n' });
  await ai.ok('document', { action: 'read', tabId: elena });
  const chapter = await open('chapter-3.md');
  await ai.ok('document', { action: 'write', tabId: chapter, content: '# Chapter 3\n\nHer green eyes caught the light.\n' });
  await ai.ok('document', { action: 'write', tabId: elena, content: '# Elena\n\nElena has grey eyes.\n' });
  await ai.ok('workspace', { action: 'switch_tab', tabId: chapter });
  const stale = panel.getByRole('listitem', { name: 'chapter-3.md from elena.md' });
  await expect(stale).toHaveAttribute('data-state', 'version-stale');
  await stale.getByRole('button', { name: /chapter-3\.md ← elena\.md/ }).click();
  await stale.getByRole('button', { name: 'Changes since pinned' }).click();
  await expect(stale.getByLabel('Changes')).toContainText('+ Elena has grey eyes.');
  await checkScreen(page, 'coherence', ['.coherence-panel input[type="date"]']);
});
