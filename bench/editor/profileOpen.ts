import { LAST_MARKER, FIRST_MARKER, markdownOfLines } from './markdownDoc';
import { armOpenProbe, openProbeResult } from './probes';
import { profileAndTrace, withProfiledEditor } from './profileSummary';

/**
 * Where one WYSIWYG open of the 10k-line document spends its time: a CPU profile (CDP Profiler,
 * self time by original source package through the editor bundle's source map) and the renderer's
 * trace events (layout, style, paint, GC) from switch_tab until the open probe saw it painted.
 * A tool for finding levers, not a bench: it prints and exits.
 */
const LINES = Number(process.env.VMARK_PROFILE_LINES ?? 10_000);
await withProfiledEditor(async ({ ai, page, cdp, open }) => {
  const anchor = await open('anchor', '');
  const tab = await open('lines-10k', markdownOfLines(LINES));
  await ai.ok('workspace', { action: 'switch_tab', tabId: anchor });
  await page.getByLabel('anchor document').waitFor();
  await profileAndTrace(cdp, 200, async () => {
    await armOpenProbe(page, { title: 'lines-10k', firstMarker: FIRST_MARKER, lastMarker: LAST_MARKER });
    await ai.ok('workspace', { action: 'switch_tab', tabId: tab });
    console.log('open', await openProbeResult(page));
  });
});
