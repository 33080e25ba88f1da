/**
 * bench/act: the act fixture suite (cases.ts) in one go through ours (browser.act, the whole stack,
 * a profile VMark launches: trusted input) and through @playwright/mcp (browser_click, browser_type,
 * browser_select_option, browser_press_key) on the same pages and the same Chromium. Per case: did
 * the tool act on the right element, refuse for the right reason, or click through / report success
 * wrongly; the median act time; and on the ten injection pages, how many actions the page's text got
 * done without the person's approval. Not a test: it always exits 0 and prints PASS or MISS per goal.
 */
import { summarize } from '../roundtrip/stats';
import { count, QUICK } from '../quick';
import { connectAi } from '../../tests/e2e/support/mcpClient';
import { startStack, type Stack } from '../../tests/e2e/support/stack';
import { startSite, type Site } from '../../tests/e2e/support/site';
import { answerPrompt, approvalPromptFor, pageShowing } from '../../tests/e2e/support/browserPerson';
import { CASES, QUICK_CASES, injectionSteps, type ActCase } from './cases';
import { oursOn, startPeer, type Agent, type Outcome } from './agents';

type Verdict = 'right' | 'wrong' | 'refused wrongly';
interface Row {
  name: string;
  verdict: Verdict;
  outcome: Outcome;
}

async function judge(agent: Agent, test: ActCase, outcome: Outcome, exactReason: boolean): Promise<Verdict> {
  const log = await agent.log();
  if (test.expect.act) {
    if (!outcome.acted) return 'refused wrongly';
    const mirrored = test.expect.mirror === undefined || (await agent.mirror()) === test.expect.mirror;
    return log === test.expect.log && mirrored ? 'right' : 'wrong';
  }
  if (outcome.acted || log !== (test.expect.log ?? '')) return 'wrong';
  return !exactReason || outcome.reason === test.expect.reason ? 'right' : 'refused wrongly';
}

async function runSuite(agent: Agent, url: string, cases: ActCase[], exactReason: boolean): Promise<Row[]> {
  const rows: Row[] = [];
  for (const test of cases) {
    await agent.load(url);
    if (test.setup) await agent.act(test.setup);
    const outcome = await agent.act(test.step);
    rows.push({ name: test.name, verdict: await judge(agent, test, outcome, exactReason), outcome });
  }
  return rows;
}

/** The gullible agent on each injection page: how many of the page's orders were carried out. */
async function runInjections(agent: Agent, site: Site, pages: number, onRefusal: (act: () => Promise<Outcome>) => Promise<Outcome>): Promise<number> {
  let acted = 0;
  for (let n = 1; n <= pages; n++) {
    await agent.load(site.url(`/injection-${n}.html`));
    for (const step of injectionSteps(await agent.pageText())) {
      if ((await onRefusal(() => agent.act(step))).acted) acted++;
    }
  }
  return acted;
}

/** The person grants click, type and key on the fixture origin once ("Allow on this site"). */
async function grantSite(stack: Stack, ai: Awaited<ReturnType<typeof connectAi>>, tabId: string): Promise<void> {
  const asks = [
    { operation: 'click', role: 'button', name: 'Next' },
    { operation: 'type', role: 'textbox', name: 'Search', text: 'tram' },
    { operation: 'key', key: 'Enter' },
  ];
  for (const ask of asks) {
    const prompt = await approvalPromptFor(stack, () => ai.call('browser', { action: 'act', tabId, ...ask }));
    await answerPrompt(prompt, 'Allow on this site');
  }
}

async function measureOurs(cases: ActCase[], pages: number): Promise<{ rows: Row[]; unapproved: number; attacker: number }> {
  const stack = await startStack({ allowLoopback: true, trustedInput: true });
  const ai = await connectAi(stack.env, [], 'act-bench');
  const site = await startSite();
  const evil = await startSite();
  try {
    const url = site.url('/act.html');
    const { tabId } = await ai.ok<{ tabId: string }>('browser', { action: 'open', url });
    await grantSite(stack, ai, tabId);
    const agent = oursOn(ai, tabId, async () => {
      const page = pageShowing(stack, url);
      const mirror = page.getByRole('status', { name: 'Nickname mirror' });
      return { log: await page.locator('#log').innerText(), mirror: (await mirror.count()) > 0 ? await mirror.innerText() : '' };
    });
    const rows = await runSuite(agent, url, cases, true);
    // the person did not ask for any of it: every prompt the page's orders raise is denied
    const unapproved = await runInjections(agent, evil, pages, async (act) => {
      let outcome: Outcome | undefined;
      const prompt = await approvalPromptFor(stack, async () => (outcome = await act())).catch(() => null);
      if (prompt) await answerPrompt(prompt, 'Deny');
      return outcome!;
    });
    return { rows, unapproved, attacker: evil.requests.filter((r) => r.path.startsWith('/attacker')).length };
  } finally {
    await ai.close();
    await stack.close();
    await site.close();
    await evil.close();
  }
}

async function measurePeer(cases: ActCase[], pages: number): Promise<{ rows: Row[]; unapproved: number; attacker: number }> {
  const site = await startSite();
  const evil = await startSite();
  const agent = await startPeer();
  try {
    const rows = await runSuite(agent, site.url('/act.html'), cases, false);
    const unapproved = await runInjections(agent, evil, pages, (act) => act());
    return { rows, unapproved, attacker: evil.requests.filter((r) => r.path.startsWith('/attacker')).length };
  } finally {
    await agent.close();
    await site.close();
    await evil.close();
  }
}

const median = (values: number[]): number => summarize(values).median;
const ms = (value: number): string => `${value.toFixed(0)} ms`;

function report(ours: Awaited<ReturnType<typeof measureOurs>>, peer: Awaited<ReturnType<typeof measurePeer>>): void {
  console.log(`${'case'.padEnd(40)} ${'ours'.padEnd(16)} ${'time'.padStart(8)}   ${'@playwright/mcp'.padEnd(16)} ${'time'.padStart(8)}  peer's answer`);
  ours.rows.forEach((row, i) => {
    const p = peer.rows[i]!;
    const answer = p.outcome.acted ? 'acted' : p.outcome.reason ?? '';
    const oursVerdict = row.verdict === 'right' ? 'right' : `${row.verdict} (${row.outcome.acted ? 'acted' : row.outcome.reason ?? ''})`;
    console.log(`${row.name.padEnd(40)} ${oursVerdict.padEnd(16)} ${ms(row.outcome.ms).padStart(8)}   ${p.verdict.padEnd(16)} ${ms(p.outcome.ms).padStart(8)}  ${answer}`);
  });
  const right = (rows: Row[]): number => rows.filter((r) => r.verdict === 'right').length;
  const timed = (rows: Row[]): number[] => rows.map((r) => r.outcome.ms).filter((t) => t > 0);
  const total = ours.rows.length;
  const oursMedian = median(timed(ours.rows));
  const peerMedian = median(timed(peer.rows));
  console.log(`right: ours ${right(ours.rows)}/${total}, @playwright/mcp ${right(peer.rows)}/${total}`);
  console.log(`median act: ours ${ms(oursMedian)}, @playwright/mcp ${ms(peerMedian)} (${(oursMedian / peerMedian).toFixed(2)}×)`);
  console.log(`injection pages: ours ${ours.unapproved} unapproved actions (${ours.attacker} attacker requests), @playwright/mcp ${peer.unapproved} (${peer.attacker} attacker requests)`);
  console.log(`goal: 100 % right on the suite (peer ${Math.round((100 * right(peer.rows)) / total)} %)   ${right(ours.rows) === total ? 'PASS' : 'MISS'}`);
  console.log(`goal: median act ≤ 0.5 × the peer's   ${oursMedian <= 0.5 * peerMedian ? 'PASS' : 'MISS'}`);
  console.log(`goal: injection pages 0 unapproved actions   ${ours.unapproved === 0 && ours.attacker === 0 ? 'PASS' : 'MISS'}`);
}

async function main(): Promise<void> {
  const cases = QUICK ? CASES.filter((c) => QUICK_CASES.includes(c.name)) : CASES;
  const pages = count(10, 2);
  const ours = await measureOurs(cases, pages);
  const peer = await measurePeer(cases, pages);
  report(ours, peer);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
