import { installKeyProbe, readKeyProbe, waitForSamples } from './probes';
import { profileAndTrace, showLargeDocument, withProfiledEditor } from './profileSummary';
import { summarize } from '../roundtrip/stats';

/**
 * Where a keystroke's time goes in the WYSIWYG editor on the 10k-line document (`VMARK_PROFILE_LINES`
 * sets the size): a CDP CPU profile while typing `VMARK_PROFILE_KEYS` (60) characters at the end of the
 * first paragraph, like bench/editor/run.ts, printed by source package and function. A tool for finding
 * what is O(document) on the keystroke path, not a bench: it prints and exits.
 */
const LINES = Number(process.env.VMARK_PROFILE_LINES ?? 10_000);
const KEYS = Number(process.env.VMARK_PROFILE_KEYS ?? 60);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
await withProfiledEditor(async (editor) => {
  const { page, cdp } = editor;
  // typing starts once every block is in place (a progressive open done), as in bench/editor/run.ts
  await showLargeDocument(editor, LINES);
  await page.getByLabel('lines-10k document').locator('p').first().click();
  await page.keyboard.press('End');
  await installKeyProbe(page);
  for (let i = 0; i < 10; i++) {
    await page.keyboard.type('w');
    await waitForSamples(page, i + 1);
    await sleep(30);
  }
  await installKeyProbe(page);
  await profileAndTrace(cdp, 100, async () => {
    for (let i = 0; i < KEYS; i++) {
      await page.keyboard.type('lorem ipsum '[i % 12] as string);
      await waitForSamples(page, i + 1);
      await sleep(30);
    }
    const keys = await readKeyProbe(page);
    const s = summarize(keys.latencies);
    console.log(`${KEYS} keystrokes at ${LINES} lines: p50 ${s.median.toFixed(1)} ms, p95 ${s.p95.toFixed(1)} ms, max ${s.max.toFixed(1)} ms; long tasks ${keys.longTasks.map((t) => t.toFixed(0)).join(' ') || 'none'}`);
  });
});
