import fs from 'node:fs';
import path from 'node:path';
import { connectAi } from '../../tests/e2e/support/mcpClient';
import { startStack } from '../../tests/e2e/support/stack';
import { LAST_MARKER, FIRST_MARKER, markdownOfLines } from './markdownDoc';
import { armOpenProbe, openProbeResult } from './probes';
import { printProfile, printTrace, type TraceEvent } from './profileSummary';

/**
 * Where one WYSIWYG open of the 10k-line document spends its time: a CPU profile (CDP Profiler,
 * self time by original source package through the editor bundle's source map) and the renderer's
 * trace events (layout, style, paint, GC) from switch_tab until the open probe saw it painted.
 * A tool for finding levers, not a bench: it prints and exits.
 */
const LINES = Number(process.env.VMARK_PROFILE_LINES ?? 10_000);
const stack = await startStack();
try {
  const ai = await connectAi(stack.env, [], 'bench-profile');
  const page = stack.page;
  const cdp = await stack.context.newCDPSession(page);
  const open = async (title: string, content: string) => {
    const file = path.join(stack.workspace, `${title}.md`);
    fs.writeFileSync(file, content);
    return (await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file })).tabId;
  };
  const anchor = await open('anchor', '');
  const tab = await open('lines-10k', markdownOfLines(LINES));
  await ai.ok('workspace', { action: 'switch_tab', tabId: anchor });
  await page.getByLabel('anchor document').waitFor();
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (d) => events.push(...(d.value as unknown as typeof events)));
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,blink', transferMode: 'ReportEvents' });
  await cdp.send('Profiler.start');
  await armOpenProbe(page, { title: 'lines-10k', firstMarker: FIRST_MARKER, lastMarker: LAST_MARKER });
  await ai.ok('workspace', { action: 'switch_tab', tabId: tab });
  const result = await openProbeResult(page);
  const { profile } = await cdp.send('Profiler.stop');
  const done = new Promise((r) => cdp.once('Tracing.tracingComplete', r));
  await cdp.send('Tracing.end');
  await done;
  console.log('open', result);
  printTrace(events);
  printProfile(profile);
  await ai.close();
} finally {
  await stack.close();
}
