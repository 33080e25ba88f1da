import type { Page } from 'playwright-core';

/**
 * Writes files into the OPFS folder `folder` of the editor's origin, by path relative to it: text,
 * or bytes (a Buffer). Stands in for a folder on the person's disk.
 */
export async function writeOpfsFiles(page: Page, folder: string, files: Record<string, string | Buffer>): Promise<void> {
  const entries = Object.entries(files).map(([name, content]) =>
    typeof content === 'string' ? { name, text: content } : { name, base64: content.toString('base64') },
  );
  await page.evaluate(
    async ({ folder, entries }) => {
      const dir = await (await navigator.storage.getDirectory()).getDirectoryHandle(folder, { create: true });
      for (const entry of entries) {
        const parts = entry.name.split('/');
        let parent = dir;
        for (const part of parts.slice(0, -1)) parent = await parent.getDirectoryHandle(part, { create: true });
        const writer = await (await parent.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
        await writer.write(entry.text ?? Uint8Array.from(atob(entry.base64 ?? ''), (c) => c.charCodeAt(0)));
        await writer.close();
      }
    },
    { folder, entries },
  );
}

/** The person's folder picker, replaced by one that returns the OPFS folder `folder` (the real one cannot be driven headless). */
export async function stubFolderPicker(page: Page, folder: string): Promise<void> {
  await page.evaluate(async (name) => {
    const picked = await (await navigator.storage.getDirectory()).getDirectoryHandle(name, { create: true });
    (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () => picked;
  }, folder);
}

/** The person opens a folder from the command palette ("Open folder…"). */
export async function openFolderFromPalette(page: Page): Promise<void> {
  await page.locator('body').click();
  await page.keyboard.press('Control+Shift+P');
  await page.keyboard.type('Open folder');
  await page.keyboard.press('Enter');
}
