import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { restoreLocalStorageAfterEachTest, useSharedStackAndAi } from './support/cleanUp';
import { expect, test } from './support/fixtures';
import type { Ai } from './support/mcpClient';
import { openFolderFromPalette, stubFolderPicker, writeOpfsFiles } from './support/pickedFolder';
import { solidPng } from './support/png';
import type { Stack } from './support/stack';

async function openInEditor(stack: { workspace: string }, ai: Ai, name: string, content: string | Buffer) {
  const file = path.join(stack.workspace, name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file });
  await ai.ok('workspace', { action: 'switch_tab', tabId });
  return { file, tabId };
}

async function saveAndWait(page: Page): Promise<void> {
  await page.keyboard.press('Control+s');
  await page.waitForTimeout(500);
}

const MATH_DOC = ['Euler: $e^{i\\pi}+1=0$ inline.', '', '$$', '\\frac{a}{b}', '$$', '', '$$', '\\frac{a', '$$', '', 'End.', ''].join('\n');

const MERMAID_DOC = ['# Diagrams', '', '```mermaid', 'graph TD', '  Start --> Finish', '```', '', '```mermaid', 'graph TD', '  A -->', '  this is not mermaid ]]]', '```', ''].join('\n');

const IMAGE_DOC = [
  '# Pictures',
  '',
  'Local: ![a red box](img/a.png "Red") and a data URL: ![dot](data:image/png;base64,' + solidPng(2, 2, [0, 0, 255]).toString('base64') + ')',
  '',
  'Remote: ![remote](https://example.invalid/b.png)',
  '',
].join('\n');

const FRONT_MATTER_DOC = ['---', 'title: Notes', 'tags: [a, b]', '---', '', 'Setext heading', '==============', '', '* star bullet', ''].join('\r\n');

// Where the tests cannot interfere, one stack for all of them: each opens files of its own names, and its tabs
// and the settings it changed are put back after it.
test.describe('on one stack', () => {
  let stack: Stack;
  let ai: Ai;
  useSharedStackAndAi((started) => ({ stack, ai } = started));
  restoreLocalStorageAfterEachTest(() => stack.page, 'vmark.settings');

  test('a ts fence is highlighted in WYSIWYG; saving untouched keeps the bytes', async () => {
    const doc = '# Code\r\n\r\n```ts\r\nconst answer: number = 42; // the answer\r\n```\r\n\r\n~~~\r\nplain\r\n~~~\r\n';
    const { file } = await openInEditor(stack, ai, 'code.md', doc);
    const editor = stack.page.getByLabel('code document');
    await expect(editor.locator('pre .hljs-keyword').first()).toHaveText('const');
    await expect(editor.locator('pre .hljs-number')).toHaveText('42');
    await expect(editor.locator('pre .hljs-comment')).toHaveText('// the answer');
    await editor.getByRole('heading', { name: 'Code' }).click();
    await saveAndWait(stack.page);
    expect(fs.readFileSync(file, 'utf8')).toBe(doc);

    // typing in the block highlights it again; typing elsewhere keeps its highlights where they were
    await editor.locator('pre .hljs-comment').click();
    await stack.page.keyboard.press('End');
    await stack.page.keyboard.type(' + 1; return 7');
    await expect(editor.locator('pre .hljs-number')).toHaveText(['42']);
    await stack.page.keyboard.press('Home');
    await stack.page.keyboard.type('let x = 1; ');
    await expect(editor.locator('pre .hljs-keyword')).toHaveText(['let', 'const']);
    await expect(editor.locator('pre .hljs-number')).toHaveText(['1', '42']);
    await editor.getByRole('heading', { name: 'Code' }).click();
    await stack.page.keyboard.press('End');
    await stack.page.keyboard.type(' and more');
    await expect(editor.locator('pre .hljs-comment')).toHaveText('// the answer + 1; return 7');
    await expect(editor.locator('pre .hljs-keyword')).toHaveText(['let', 'const']);
  });

  test('math renders with KaTeX, invalid TeX shows the error, untouched save keeps the bytes', async () => {
    const { file } = await openInEditor(stack, ai, 'math.md', MATH_DOC);
    const editor = stack.page.getByLabel('math document');
    await expect(editor.locator('.math-inline .katex')).toBeVisible();
    await expect(editor.locator('.math-block').first().locator('.katex-display')).toBeVisible();
    await expect(editor.locator('.math-block.math-error')).toContainText('KaTeX parse error');
    await expect(editor.getByLabel('TeX source', { exact: true })).toHaveCount(2);
    await expect(editor.getByLabel('TeX source', { exact: true }).first()).toBeHidden();
    await editor.getByText('End.').click();
    await saveAndWait(stack.page);
    expect(fs.readFileSync(file, 'utf8')).toBe(MATH_DOC);
  });

  test('clicking block math shows its TeX source; editing it rewrites only that block', async () => {
    const { file } = await openInEditor(stack, ai, 'mathedit.md', MATH_DOC);
    const editor = stack.page.getByLabel('mathedit document');
    const block = editor.locator('.math-block').first();
    await block.locator('.katex-display').click();
    const source = block.getByLabel('TeX source', { exact: true });
    await expect(source).toBeVisible();
    await expect(source).toBeFocused();
    await expect(source).toHaveValue('\\frac{a}{b}');
    await stack.page.keyboard.press('End');
    await stack.page.keyboard.type('+c');
    await expect(block.locator('.katex-display')).toContainText('c');
    await stack.page.keyboard.press('Escape');
    await saveAndWait(stack.page);
    await expect.poll(() => fs.readFileSync(file, 'utf8')).toBe(MATH_DOC.replace('\\frac{a}{b}', '\\frac{a}{b}+c'));
  });

  test('selecting inline math shows an editable TeX field', async () => {
    const { file } = await openInEditor(stack, ai, 'mathinline.md', MATH_DOC);
    const editor = stack.page.getByLabel('mathinline document');
    // a person clicks the formula's glyphs; the middle of KaTeX's whole box can fall between them, on the paragraph
    await editor.locator('.math-inline .katex-html .mord').first().click();
    const source = editor.getByLabel('Inline TeX source');
    await expect(source).toBeFocused();
    await source.fill('e^{x}');
    await stack.page.keyboard.press('Enter');
    await saveAndWait(stack.page);
    await expect.poll(() => fs.readFileSync(file, 'utf8')).toBe(MATH_DOC.replace('e^{i\\pi}+1=0', 'e^{x}'));
  });

  test('mermaid fences render as diagrams, a bad one shows the message, untouched save keeps the bytes', async () => {
    const { file } = await openInEditor(stack, ai, 'diagram.md', MERMAID_DOC);
    const editor = stack.page.getByLabel('diagram document');
    const [good, bad] = [editor.locator('.mermaid-block').first(), editor.locator('.mermaid-block').nth(1)];
    await expect(good.locator('.mermaid-diagram svg')).toBeVisible({ timeout: 30_000 });
    await expect(good.locator('.mermaid-diagram svg')).toContainText('Finish');
    await expect(good.locator('pre')).toBeHidden();
    await expect(bad.locator('.mermaid-diagram.mermaid-error')).toContainText(/error/i);
    await editor.getByRole('heading', { name: 'Diagrams' }).click();
    await saveAndWait(stack.page);
    expect(fs.readFileSync(file, 'utf8')).toBe(MERMAID_DOC);

    // the system turns dark: the diagram is drawn again in Mermaid's dark theme (and back)
    const drawing = () => good.locator('.mermaid-diagram svg').innerHTML();
    const lightFill = /#ececff/i; // the default theme's node colour
    expect(await drawing()).toMatch(lightFill);
    await stack.page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(drawing).not.toMatch(lightFill);
    await expect(good.locator('.mermaid-diagram svg')).toContainText('Finish');
    await stack.page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(drawing).toMatch(lightFill);
  });

  test('the Source toggle shows the mermaid text, editable; the diagram follows the edit', async () => {
    const { file } = await openInEditor(stack, ai, 'flow.md', MERMAID_DOC);
    const editor = stack.page.getByLabel('flow document');
    const good = editor.locator('.mermaid-block').first();
    await expect(good.locator('.mermaid-diagram svg')).toBeVisible({ timeout: 30_000 });
    await good.getByRole('button', { name: 'Show source' }).click();
    await expect(good.locator('pre')).toBeVisible();
    await expect(good.locator('.mermaid-diagram')).toBeHidden();
    const pre = good.locator('pre');
    const box = (await pre.boundingBox())!;
    await pre.click({ position: { x: 20, y: box.height - 14 } }); // on the last line
    await stack.page.keyboard.press('End');
    await stack.page.keyboard.type(' --> Again');
    await good.getByRole('button', { name: 'Show diagram' }).click();
    await expect(good.locator('.mermaid-diagram svg')).toContainText('Again');
    await saveAndWait(stack.page);
    await expect.poll(() => fs.readFileSync(file, 'utf8')).toBe(MERMAID_DOC.replace('Start --> Finish', 'Start --> Finish --> Again'));
  });

  test('a relative image loads from the workspace next to the document; the markdown keeps the path', async () => {
    fs.mkdirSync(path.join(stack.workspace, 'docs', 'img'), { recursive: true });
    fs.writeFileSync(path.join(stack.workspace, 'docs', 'img', 'a.png'), solidPng(7, 3, [255, 0, 0]));
    const { file, tabId } = await openInEditor(stack, ai, 'docs/x.md', IMAGE_DOC);
    const editor = stack.page.getByLabel('x document');
    const local = editor.getByRole('img', { name: 'a red box' });
    await expect(local).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => local.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([7, 3]);
    await expect(local).toHaveAttribute('title', 'Red');
    await expect.poll(() => editor.getByRole('img', { name: 'dot' }).evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);
    await expect(editor.getByRole('img', { name: 'dot' })).toHaveAttribute('src', /^data:image\/png;base64,/);
    // a remote image waits until the person allows remote images (Settings)
    const remote = editor.getByRole('img', { name: 'remote' });
    await expect(remote).toHaveAttribute('data-src', 'https://example.invalid/b.png');
    await expect(remote).not.toHaveAttribute('src', /.+/);
    await stack.page.keyboard.press('Control+,');
    await stack.page.getByRole('dialog', { name: 'Settings' }).getByLabel(/Load remote images/).check();
    await stack.page.getByRole('dialog', { name: 'Settings' }).getByRole('button', { name: 'Done' }).click();
    await expect(remote).toHaveAttribute('src', 'https://example.invalid/b.png');
    await editor.getByRole('heading', { name: 'Pictures' }).click();
    await stack.page.keyboard.press('End');
    await stack.page.keyboard.type('!');
    await saveAndWait(stack.page);
    await expect.poll(() => fs.readFileSync(file, 'utf8')).toBe(IMAGE_DOC.replace('# Pictures', '# Pictures!'));
    expect((await ai.ok<{ content: string }>('document', { action: 'read', tabId })).content).toContain('![a red box](img/a.png "Red")');
  });

  test('an image that is not in the workspace is marked missing, not a crash', async () => {
    await openInEditor(stack, ai, 'docs/gone.md', '![nothing here](img/none.png)\n\nText.\n');
    const editor = stack.page.getByLabel('gone document');
    await expect(editor.getByRole('img', { name: 'nothing here' })).toHaveClass(/image-missing/);
    await expect(editor.getByText('Text.')).toBeVisible();
  });

  test('front matter shows as an editable block; editing it rewrites only the front matter bytes', async () => {
    const { file } = await openInEditor(stack, ai, 'meta.md', FRONT_MATTER_DOC);
    const editor = stack.page.getByLabel('meta document');
    const yaml = editor.getByRole('textbox', { name: 'YAML front matter' });
    await expect(yaml).toBeVisible();
    await expect(yaml).toHaveValue('title: Notes\ntags: [a, b]');
    await editor.getByRole('heading', { name: 'Setext heading' }).click();
    await saveAndWait(stack.page);
    expect(fs.readFileSync(file, 'utf8')).toBe(FRONT_MATTER_DOC);
    await yaml.click();
    await stack.page.keyboard.press('Control+End');
    await stack.page.keyboard.type('\ndraft: true');
    await expect(yaml).toHaveValue('title: Notes\ntags: [a, b]\ndraft: true');
    await saveAndWait(stack.page);
    await expect.poll(() => fs.readFileSync(file, 'utf8')).toBe(FRONT_MATTER_DOC.replace('tags: [a, b]', 'tags: [a, b]\r\ndraft: true'));
  });

  test('front matter can be added from WYSIWYG: a YAML block with the title goes first, every other byte stays, and it is edited like any front matter', async () => {
    const doc = 'Setext heading\r\n==============\r\n\r\n* item one\r\n* item two\r\n';
    const { file } = await openInEditor(stack, ai, 'bare.md', doc);
    const page = stack.page;
    const editor = page.getByLabel('bare document');
    await editor.getByRole('heading', { name: 'Setext heading' }).click();
    const addFromPalette = async () => {
      await page.keyboard.press('Control+Shift+P');
      await page.keyboard.type('front matter');
      await page.keyboard.press('Enter');
    };
    await addFromPalette();
    const yaml = editor.getByRole('textbox', { name: 'YAML front matter' });
    await expect(yaml).toHaveValue('title: "bare"');
    await yaml.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\ndraft: true');
    await saveAndWait(page);
    await expect.poll(() => fs.readFileSync(file, 'utf8')).toBe(`---\r\ntitle: "bare"\r\ndraft: true\r\n---\r\n\r\n${doc}`);
    // one block only: asking again says so and changes nothing
    await editor.getByRole('heading', { name: 'Setext heading' }).click();
    await addFromPalette();
    await expect(page.getByText(/already has front matter/)).toBeVisible();
    expect((await ai.ok<{ content: string }>('document', { action: 'read' })).content).toBe(fs.readFileSync(file, 'utf8'));
  });

  test('in the Scratch workspace a relative image loads from OPFS next to the document', async () => {
    await stack.page.getByRole('tab', { name: 'Scratch' }).click();
    const png = solidPng(5, 4, [0, 128, 0]).toString('base64');
    await stack.page.evaluate(async (base64) => {
      const scratch = await (await navigator.storage.getDirectory()).getDirectoryHandle('scratch', { create: true });
      const docs = await scratch.getDirectoryHandle('docs', { create: true });
      const write = async (dir: FileSystemDirectoryHandle, name: string, data: BlobPart) => {
        const writable = await (await dir.getFileHandle(name, { create: true })).createWritable();
        await writable.write(data);
        await writable.close();
      };
      await write(await docs.getDirectoryHandle('img', { create: true }), 'a.png', Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
      await write(docs, 'x.md', '![green](img/a.png)\n');
    }, png);
    const { tabId } = await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: '/vmark-scratch/docs/x.md' });
    await ai.ok('workspace', { action: 'switch_tab', tabId });
    const image = stack.page.getByLabel('x document').getByRole('img', { name: 'green' });
    await expect(image).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([5, 4]);
  });

  test('keyboard: the arrow keys select block math and Enter moves into its TeX source', async () => {
    const { file } = await openInEditor(stack, ai, 'mathkeys.md', MATH_DOC);
    const editor = stack.page.getByLabel('mathkeys document');
    await editor.getByText('End.').click();
    await stack.page.keyboard.press('Home');
    await stack.page.keyboard.press('ArrowUp');
    const invalid = editor.locator('.math-block').nth(1);
    await expect(invalid).toHaveClass(/math-error/);
    await expect(invalid).toHaveClass(/ProseMirror-selectednode/);
    await stack.page.keyboard.press('Enter');
    const source = invalid.getByLabel('TeX source', { exact: true });
    await expect(source).toBeFocused();
    await stack.page.keyboard.press('End');
    await stack.page.keyboard.type('}{b}');
    await expect(invalid).not.toHaveClass(/math-error/);
    await saveAndWait(stack.page);
    await expect.poll(() => fs.readFileSync(file, 'utf8')).toBe(MATH_DOC.replace('\\frac{a\n', '\\frac{a}{b}\n'));
  });

  test('the caret entering a diagram’s hidden source shows the source', async () => {
    await openInEditor(stack, ai, 'caret.md', MERMAID_DOC);
    const editor = stack.page.getByLabel('caret document');
    const good = editor.locator('.mermaid-block').first();
    await expect(good.locator('.mermaid-diagram svg')).toBeVisible({ timeout: 30_000 });
    await expect(good.locator('pre')).toBeHidden();
    // as an undo or a find would: the selection moves into the code without a click on it
    await editor.evaluate((dom) => {
      const tiptap = (dom as unknown as { editor: { state: { doc: { descendants(f: (node: { type: { name: string } }, pos: number) => void): void } }; commands: { setTextSelection(pos: number): void } } }).editor;
      let code = -1;
      tiptap.state.doc.descendants((node, pos) => {
        if (code < 0 && node.type.name === 'codeBlock') code = pos;
      });
      tiptap.commands.setTextSelection(code + 3);
    });
    await expect(good.locator('pre')).toBeVisible();
    await expect(good.getByRole('button', { name: 'Show diagram' })).toBeVisible();
  });
});

// Its own stack: it opens a picked folder as the window's workspace.
test('in a picked folder a relative image loads through the folder handle; a view rebuilt after the image changed shows the new one', async ({ stack }) => {
  const page = stack.page;
  await writeOpfsFiles(page, 'pics', { 'img/b.png': solidPng(5, 4, [0, 128, 0]), 'page.md': '# Pics\n\n![green box](img/b.png)\n' });
  await stubFolderPicker(page, 'pics');
  await openFolderFromPalette(page);
  await page.getByRole('treeitem', { name: 'page.md' }).getByRole('button').click();
  const editor = page.getByLabel('page document');
  const image = editor.getByRole('img', { name: 'green box' });
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([5, 4]);

  await writeOpfsFiles(page, 'pics', { 'img/b.png': solidPng(9, 2, [0, 0, 255]) });
  // source mode and back: the image view is built again and reads the changed file, not a stale copy
  await editor.getByRole('heading', { name: 'Pics' }).click();
  await page.keyboard.press('Control+/');
  await page.keyboard.press('Control+/');
  await expect.poll(() => editor.getByRole('img', { name: 'green box' }).evaluate((img: HTMLImageElement) => [img.naturalWidth, img.naturalHeight])).toEqual([9, 2]);
});

// Its own stack: the editor must not have loaded the lazy chunks before it goes offline.
test('offline after the first visit, diagrams and math still render: the service worker precached the lazy chunks', async ({ stack, ai }) => {
  await stack.page.waitForFunction(async () => (await navigator.serviceWorker.ready) !== null && navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
  await stack.context.setOffline(true);
  try {
    await openInEditor(stack, ai, 'offline.md', `${MERMAID_DOC}\n$$\nx^2\n$$\n`);
    const editor = stack.page.getByLabel('offline document');
    await expect(editor.locator('.mermaid-block').first().locator('.mermaid-diagram svg')).toBeVisible({ timeout: 30_000 });
    await expect(editor.locator('.math-block .katex-display')).toBeVisible();
  } finally {
    await stack.context.setOffline(false);
  }
});
