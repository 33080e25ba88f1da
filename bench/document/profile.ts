import { printProfile, withProfiledEditor } from '../editor/profileSummary';
import { makeDoc } from './makeDoc';

/**
 * Where the document tools spend their time in the editor page: a CPU profile (CDP Profiler, self
 * time by original source through the bundle's source map) around N calls of one case.
 * A tool for finding levers, not a bench: it prints and exits.
 * VMARK_PROFILE_CASE = insert5mb | write10kb | read10kb | read1mb (default: all). BACKGROUND=1: the 10 KB
 * writes go to a tab that is not shown.
 */
const CALLS = Number(process.env.VMARK_PROFILE_CALLS ?? 20);
const only = process.env.VMARK_PROFILE_CASE;
await withProfiledEditor(async ({ ai, page, cdp, open }) => {
  const tabs = { '10kb': await open('10kb', makeDoc(10_000)), '1mb': await open('1mb', makeDoc(1_000_000)), '5mb': await open('5mb', makeDoc(5_000_000)) };
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const profiled = async (label: string, run: () => Promise<void>) => {
    if (only && only !== label) return;
    await run(); // warm
    await cdp.send('Profiler.start');
    const started = performance.now();
    for (let i = 0; i < CALLS; i++) await run();
    const wall = (performance.now() - started) / CALLS;
    const { profile } = await cdp.send('Profiler.stop');
    console.log(`\n=== ${label}: ${wall.toFixed(2)} ms per call (wall, with profiler); the times below are for all ${CALLS} calls`);
    printProfile(profile);
  };
  await profiled('read10kb', async () => void (await ai.ok('document', { action: 'read', tabId: tabs['10kb'] })));
  await profiled('read1mb', async () => void (await ai.ok('document', { action: 'read', tabId: tabs['1mb'] })));
  const content = makeDoc(10_000);
  if (process.env.BACKGROUND === '1') await ai.ok('workspace', { action: 'switch_tab', tabId: await open('other', '# other\n') });
  let flip = false;
  await profiled('write10kb', async () => {
    flip = !flip;
    await ai.ok('document', { action: 'write', tabId: tabs['10kb'], content: flip ? `${content}x` : content, save: false });
  });
  await ai.ok('workspace', { action: 'switch_tab', tabId: tabs['5mb'] });
  await page.getByLabel('5mb source').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('End');
  await profiled('insert5mb', async () => void (await ai.ok('selection', { action: 'set', content: 'x' })));
  await ai.ok('workspace', { action: 'switch_tab', tabId: tabs['10kb'] });
  await page.getByLabel('10kb document').locator('p').first().click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('End');
  await profiled('insert10kb', async () => void (await ai.ok('selection', { action: 'set', content: 'x' })));
});
