import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { WorkflowRun } from './runStore';

// The boundaries faked here: chrome.storage.session (in memory), the browser state, the prompts and the
// step runner (runSteps.ts, which talks to pages). The runner, its clock, queue and restart rules are real.
const stored = new Map<string, unknown>();
vi.stubGlobal('chrome', {
  storage: {
    session: {
      get: async (key: string) => (stored.has(key) ? { [key]: structuredClone(stored.get(key)) } : {}),
      set: async (items: Record<string, unknown>) => {
        for (const [key, value] of Object.entries(items)) stored.set(key, structuredClone(value));
      },
    },
  },
});
vi.mock('../state/browserState', () => ({ loadBrowserState: async () => ({ aiTabs: {} }) }));
const withdrawn: string[] = [];
vi.mock('../approvals/prompts', () => ({ withdrawOperationPrompt: async (_principalKey: string, _tab: number, binding: string) => void withdrawn.push(binding) }));
const ranSteps: string[] = [];
vi.mock('./runSteps', () => ({
  runStep: async (run: WorkflowRun) => {
    ranSteps.push(`${run.runId}:${run.next + 1}`);
    return { kind: 'succeeded' };
  },
}));

const { RUN_TIME_LIMIT_MS, resumeRuns, startDriving, stopRun } = await import('./runner');
const { loadRun, updateRuns } = await import('./runStore');

function aRun(runId: string, overrides: Partial<WorkflowRun> = {}): WorkflowRun {
  return {
    runId,
    principalKey: 's',
    chromeTabId: 7,
    tabId: 'btab-7',
    source: '---\nsite: s\n---\naction: click "A" (button)\nextract: content\n',
    inputs: {},
    allowRepeat: false,
    status: 'running',
    steps: [
      { kind: 'action', text: 'click "A" (button)', action: { op: 'click', name: 'A', role: 'button' } },
      { kind: 'extract', text: 'content' },
    ],
    stepResults: [
      { index: 1, status: 'pending', attempts: 0 },
      { index: 2, status: 'pending', attempts: 0 },
    ],
    firstStep: 1,
    next: 0,
    activeMs: 0,
    activeSince: null,
    startedAt: Date.now(),
    ...overrides,
  };
}

const put = (...runs: WorkflowRun[]) =>
  updateRuns((state) => {
    for (const run of runs) state.runs[run.runId] = run;
  });

async function settled(runId: string): Promise<WorkflowRun> {
  await vi.waitFor(async () => expect((await loadRun(runId))?.status).not.toBe('running'), { timeout: 5_000 });
  return (await loadRun(runId))!;
}

beforeEach(() => {
  stored.clear();
  ranSteps.length = 0;
  withdrawn.length = 0;
});

describe('workflow runner', () => {
  it('BRW-RUN-14 ends a run that used its 120 s of running time, before the next step', async () => {
    await put(aRun('run-1', { activeMs: RUN_TIME_LIMIT_MS - 1_000, activeSince: Date.now() - 2_000 }));
    startDriving('run-1');
    expect(await settled('run-1')).toMatchObject({ status: 'failed', reasonCode: 'time-limit' });
    expect(ranSteps).toEqual([]);
  });

  it('BRW-RUN-14 time spent waiting for the person does not count', async () => {
    // started long ago, but only 100 s of it ran: the rest was a pending approval (clock stopped)
    await put(aRun('run-1', { activeMs: 100_000, activeSince: null, startedAt: Date.now() - 600_000 }));
    startDriving('run-1');
    expect(await settled('run-1')).toMatchObject({ status: 'completed' });
    expect(ranSteps).toEqual(['run-1:1', 'run-1:2']);
  });

  it('BRW-RUN-15 a second run on the same tab waits until the first is no longer running', async () => {
    const now = Date.now();
    await put(aRun('run-1', { startedAt: now - 10 }), aRun('run-2', { startedAt: now }));
    startDriving('run-2');
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(ranSteps).toEqual([]);
    await updateRuns((state) => void (state.runs['run-1']!.status = 'cancelled'));
    expect(await settled('run-2')).toMatchObject({ status: 'completed' });
    expect(ranSteps).toEqual(['run-2:1', 'run-2:2']);
  });

  it('a restarted worker never repeats a write caught mid-step: the run pauses there as outcome-unknown', async () => {
    const caught = aRun('run-1');
    caught.stepResults[0]!.status = 'running';
    await put(caught);
    await resumeRuns();
    expect(await loadRun('run-1')).toMatchObject({ status: 'paused', pausedAt: 1, reasonCode: 'outcome-unknown' });
    expect(ranSteps).toEqual([]);
  });

  it('a restarted worker goes on with a run caught in a read step or a pending approval', async () => {
    const reading = aRun('run-1', { next: 1 });
    reading.stepResults[0]!.status = 'succeeded';
    reading.stepResults[1]!.status = 'running';
    await put(reading);
    await resumeRuns();
    expect(await settled('run-1')).toMatchObject({ status: 'completed' });
    expect(ranSteps).toEqual(['run-1:2']);
  });

  it('BRW-CANCEL-03 stopping a run withdraws the prompt it waits on; a finished run stays as it is', async () => {
    const waiting = aRun('run-1', { pendingApproval: { step: 1, operation: 'click', element: { role: 'button', name: 'A' }, detail: null, origin: 'https://a.example', binding: 'b-1' } });
    waiting.stepResults[0]!.status = 'awaiting-approval';
    await put(waiting, aRun('run-2', { status: 'completed' }));
    await stopRun('run-1', 'cancelled', 'cancelled', 'by the agent');
    expect(await loadRun('run-1')).toMatchObject({ status: 'cancelled', stepResults: [{ status: 'cancelled' }, { status: 'pending' }] });
    expect((await loadRun('run-1'))?.pendingApproval).toBeUndefined();
    expect(withdrawn).toEqual(['b-1']);
    expect((await stopRun('run-2', 'cancelled', 'cancelled', 'by the agent'))?.status).toBe('completed');
    expect((await loadRun('run-2'))?.status).toBe('completed');
    expect(await stopRun('run-9', 'cancelled', 'cancelled', 'x')).toBeNull();
  });
});
