import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import type { Page } from 'playwright-core';

/**
 * The two peers of the open goal, run in the editor page itself (same Chromium, same page, same
 * size): Milkdown (ProseMirror + remark) and Tiptap with tiptap-markdown (markdown-it). Both are
 * bundled with esbuild for the browser, minified like the editor's production build.
 */

export const PEERS = [
  { id: 'milkdown', label: 'Milkdown 7.22.1' },
  { id: 'tiptapMarkdown', label: 'Tiptap 3.35.0 + tiptap-markdown 0.9.0' },
] as const;
export type PeerId = (typeof PEERS)[number]['id'];

const here = path.dirname(fileURLToPath(import.meta.url));

async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [path.join(here, 'peers', 'entry.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    minify: true,
    write: false,
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'error',
  });
  return result.outputFiles[0]?.text ?? '';
}

let code: Promise<string> | null = null;

/** Evaluates the peers' bundle in the page (through CDP, so the page's CSP does not apply). */
export async function installPeers(page: Page): Promise<void> {
  code ??= bundle();
  await page.evaluate(await code);
}

/**
 * Opens `markdown` in a peer, in a box over the editor's document area with the size of the
 * editor's scroller (`hostLabel`: the aria-label of a WYSIWYG editor shown now), the document
 * column as wide as ours; resolves with ms from the call to the paint after the last block (with
 * `lastMarker`) is among the editor's last children: the definition the open probe uses for ours.
 * The peer is destroyed and its box removed afterwards.
 */
const OPEN_PEER = `async (args) => {
  const afterPaint = (callback) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => callback(performance.now());
    channel.port2.postMessage(0);
  });
  const ours = document.querySelector('[aria-label="' + args.hostLabel + '"]');
  if (!ours) throw new Error('no editor "' + args.hostLabel + '" to take the size from');
  const scroller = ours.parentElement.closest('.wysiwyg-host') || ours.parentElement;
  const rect = scroller.getBoundingClientRect();
  const style = getComputedStyle(ours);
  const box = document.createElement('div');
  box.style.cssText = 'position:fixed;z-index:10;overflow:auto;background:Canvas;left:' + rect.left + 'px;top:' + rect.top + 'px;width:' + rect.width + 'px;height:' + rect.height + 'px';
  const column = document.createElement('div');
  column.style.cssText = 'box-sizing:border-box;margin:0 auto;width:' + ours.getBoundingClientRect().width + 'px;padding:' + style.padding + ';font:' + style.font;
  box.append(column);
  document.body.append(box);
  const started = performance.now();
  const destroy = await globalThis.__vmarkPeers[args.peer](column, args.markdown);
  const painted = await new Promise((resolve, reject) => {
    const shown = () => {
      const editor = column.querySelector('.ProseMirror');
      if (!editor) return false;
      for (let el = editor.lastElementChild, i = 0; el && i < 4; el = el.previousElementSibling, i++) {
        if (el.textContent.includes(args.lastMarker)) return true;
      }
      return false;
    };
    const done = () => { observer.disconnect(); clearTimeout(timer); afterPaint(resolve); };
    const observer = new MutationObserver(() => { if (shown()) done(); });
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error(args.peer + ' did not show the last block in 120 s')); }, 120000);
    if (shown()) done();
    else observer.observe(column, { childList: true, subtree: true, characterData: true });
  });
  destroy();
  box.remove();
  return painted - started;
}`;

export const openPeer = (page: Page, args: { peer: PeerId; hostLabel: string; markdown: string; lastMarker: string }): Promise<number> =>
  page.evaluate(`(${OPEN_PEER})(${JSON.stringify(args)})`) as Promise<number>;
