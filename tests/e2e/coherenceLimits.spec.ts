import { expect, test } from '@playwright/test';
import { textOf, type Ai } from './support/mcpClient';
import { writeOpfsFiles } from './support/pickedFolder';
import { useSharedStack } from './support/sharedStack';
import type { Stack } from './support/stack';

// The coherence kernel's limits through the whole stack (MCP SDK client → vmark mcp → host →
// extension → editor window → its coherence worker), the kernel slowed by the one test seam.
const SCRATCH = '/vmark-scratch';
let stack: Stack;
let claude: Ai;

async function slowScans(ms: number): Promise<void> {
  await stack.page.evaluate((delay) => {
    (window as unknown as { vmarkDebug: { faults: { coherence: { scanDelayMs: number } } } }).vmarkDebug.faults.coherence.scanDelayMs = delay;
  }, ms);
}

useSharedStack({ nativeWorkspace: false }, async (shared) => {
  stack = shared.stack;
  await writeOpfsFiles(stack.page, 'scratch', { 'elena.md': '# Elena\n\nElena has green eyes.\n' });
  // a named client (its own credential), so its resolve passes the principal check and queues as a write
  claude = await shared.connectNamedAi('claude-code', 'claude-code');
});

test('COH-09 COH-10 ERR-05 edges running past 20 s answers TIMEOUT (result unknown, read again); a resolve queued behind it answers WRITE_BUSY after 3 s, not run; reading again waits for the running scan', async () => {
  test.setTimeout(120_000);
  // the scan runs 5 s past the limit: longer than a write waits in the queue
  await slowScans(25_000);
  // status hands the fault to the worker (it does not scan, so it answers at once)
  expect(await claude.ok('coherence', { action: 'status', workspace_root: SCRATCH })).toMatchObject({ initialized: false });
  const slow = claude.call('coherence', { action: 'edges', workspace_root: SCRATCH });
  // a status answered after edges was sent proves edges reached the worker first and holds the write queue
  await claude.ok('coherence', { action: 'status', workspace_root: SCRATCH });
  const busy = await claude.call('coherence_resolve', { action: 'resolve', workspace_root: SCRATCH, txf: 'not-an-edge', input: 0, resolution: 'accept-newer' });
  expect(busy.isError).toBe(true);
  // had it run, it would have refused the unknown edge instead
  expect(textOf(busy)).toMatch(/^WRITE_BUSY: the write waited 3 s behind another write and was not executed; retry it$/);

  const timedOut = await slow;
  expect(timedOut.isError).toBe(true);
  expect(textOf(timedOut)).toMatch(/^TIMEOUT: coherence\.edges did not finish within 20 s and is still running, so its result is unknown; read the current state \(coherence\.status \/ edges\) before retrying$/);

  // reading again at once waits for the scan still running (no WRITE_BUSY after 3 s) and answers when it is done
  await slowScans(0);
  expect(await claude.ok('coherence', { action: 'edges', workspace_root: SCRATCH })).toEqual([]);
});
