import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { FIRST_MARKER, LAST_MARKER, markdownOfBytes, markdownOfLines } from './markdownDoc';
import { armOpenProbe, installKeyProbe, openProbeResult, scrollSourceToEnd, waitForSamples } from './probes';
import { withProfiledEditor, type ProfiledEditor } from './profileSummary';
import { installPeers, openPeer, PEERS } from './peers';
import { growth, heapSnapshotJson, HeapSnapshot } from '../../tests/e2e/support/heapSnapshot';

/**
 * What the editor page's heap keeps once documents are closed: the documents of bench/editor/run.ts's
 * full form opened, typed in and closed as the bench does, then a heap snapshot compared with one
 * taken after the bench's warm-up (objects by id). Prints what is new by constructor, by the object
 * that holds it, and the largest new objects with their paths. A tool for finding retainers, not a
 * bench. `VMARK_HEAP_CASES` (e.g. `10k,100k`) picks documents; `VMARK_HEAP_PEERS=0` leaves the peers
 * out; `VMARK_HEAP_SNAPSHOTS=before,after` only compares two saved snapshots.
 */

const KEYS = 20;
const ROUNDS = Number(process.env.VMARK_HEAP_ROUNDS ?? 4);
const PEERS_ON = process.env.VMARK_HEAP_PEERS !== '0';
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

const CASES = [
  { key: '1k', title: 'lines-1k', content: () => markdownOfLines(1_000), keys: true },
  { key: '5k', title: 'lines-5k', content: () => markdownOfLines(5_000), keys: true },
  { key: '10k', title: 'lines-10k', content: () => markdownOfLines(10_000), keys: true },
  { key: '100k', title: 'lines-100k', content: () => markdownOfLines(100_000), keys: true },
  { key: '1mb', title: 'size-1mb', content: () => markdownOfBytes(1_000_000), keys: false },
  { key: '10mb', title: 'size-10mb', content: () => markdownOfBytes(10_000_000), keys: false },
];

async function takeSnapshot(cdp: CDPSession, file: string): Promise<{ json: string; used: number }> {
  const json = await heapSnapshotJson(cdp);
  const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
  fs.writeFileSync(file, json);
  return { json, used: usedSize };
}

async function show(editor: ProfiledEditor, tabId: string, title: string): Promise<'wysiwyg' | 'source'> {
  await armOpenProbe(editor.page, { title, firstMarker: FIRST_MARKER, lastMarker: LAST_MARKER });
  await editor.ai.ok('workspace', { action: 'switch_tab', tabId });
  return (await openProbeResult(editor.page)).mode;
}

async function type(page: Page, title: string, mode: 'wysiwyg' | 'source'): Promise<void> {
  if (mode === 'wysiwyg') await page.getByLabel(`${title} document`).locator('p').first().click();
  else await page.getByLabel(`${title} source`).focus();
  await page.keyboard.press('End');
  await installKeyProbe(page);
  for (let i = 0; i < KEYS; i++) {
    await page.keyboard.type('lorem ipsum '[i % 12] as string);
    await waitForSamples(page, i + 1);
  }
  // the hand-over 250 ms after typing stops
  await new Promise((resolve) => setTimeout(resolve, 800));
}

function report(before: HeapSnapshot, after: HeapSnapshot): void {
  const g = growth(after, before.ids());
  console.log(`snapshot totals: before ${mb(before.totalSize())}, after ${mb(after.totalSize())}; objects not in the baseline ${mb(g.newBytes)}`);
  console.log('--- new objects by constructor (self size)');
  for (const c of g.byConstructor) console.log(`${mb(c.bytes).padStart(10)} ${String(c.count).padStart(8)}  ${c.key}`);
  console.log('--- new objects by the baseline object holding them (shortest path from the roots)');
  for (const h of g.byHolder) console.log(`${mb(h.bytes).padStart(10)} ${String(h.count).padStart(8)}  ${h.holder}\n              via ${h.path}`);
  console.log('--- largest new objects');
  for (const l of g.largest) console.log(`${mb(l.bytes).padStart(10)}  ${l.label}\n              via ${l.path}`);
}

const saved = process.env.VMARK_HEAP_SNAPSHOTS?.split(',');
if (saved?.length === 2) {
  report(new HeapSnapshot(fs.readFileSync(saved[0] as string, 'utf8')), new HeapSnapshot(fs.readFileSync(saved[1] as string, 'utf8')));
} else {
  const picked = process.env.VMARK_HEAP_CASES?.split(',');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-heap-'));
  await withProfiledEditor(async (editor) => {
    const { ai, page, cdp, open } = editor;
    if (PEERS_ON) await installPeers(page);
    const anchor = await open('anchor', '');
    const toAnchor = async () => {
      await ai.ok('workspace', { action: 'switch_tab', tabId: anchor });
      await page.getByLabel('anchor document').waitFor();
    };
    await toAnchor();
    // the bench's warm-up: one small document opened, typed in and closed, each peer once
    const warm = markdownOfLines(200);
    const warmTab = await open('warm-up', warm);
    await type(page, 'warm-up', await show(editor, warmTab, 'warm-up'));
    await toAnchor();
    await ai.ok('workspace', { action: 'close', tabId: warmTab, force: true });
    if (PEERS_ON) for (const peer of PEERS) await openPeer(page, { peer: peer.id, hostLabel: 'anchor document', markdown: warm, lastMarker: LAST_MARKER });
    const baseline = await takeSnapshot(cdp, path.join(dir, 'before.heapsnapshot'));

    for (const c of CASES.filter((c) => !picked || picked.includes(c.key))) {
      const content = c.content();
      const tabId = await open(c.title, content);
      const mode = await show(editor, tabId, c.title);
      if (mode === 'source') await scrollSourceToEnd(page, c.title, LAST_MARKER);
      if (c.keys) await type(page, c.title, mode);
      await toAnchor();
      if (mode === 'wysiwyg') {
        for (let round = 0; round < ROUNDS; round++) {
          if (PEERS_ON) for (const peer of PEERS) await openPeer(page, { peer: peer.id, hostLabel: 'anchor document', markdown: content, lastMarker: LAST_MARKER });
          const copy = `${c.title}-${round + 2}`;
          const copyTab = await open(copy, content);
          await show(editor, copyTab, copy);
          await toAnchor();
          await show(editor, copyTab, copy);
          await toAnchor();
          await ai.ok('workspace', { action: 'close', tabId: copyTab, force: true });
        }
      }
      await ai.ok('workspace', { action: 'close', tabId, force: true });
      process.stderr.write(`opened and closed ${c.key} (${mode})\n`);
    }
    const after = await takeSnapshot(cdp, path.join(dir, 'after.heapsnapshot'));
    console.log(`used heap after GC: baseline ${mb(baseline.used)}, after closing ${mb(after.used)} (+${mb(after.used - baseline.used)}); snapshots in ${dir}`);
    report(new HeapSnapshot(baseline.json), new HeapSnapshot(after.json));
  });
}
