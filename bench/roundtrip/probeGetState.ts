import { performance } from 'node:perf_hooks';
import { EmptyResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { HOP_NOOP_METHOD } from '@vmark/shared';
import { connectAi } from '../../tests/e2e/support/mcpClient';
import { startStack } from '../../tests/e2e/support/stack';
import { summarize } from './stats';
import { count } from '../quick';

/**
 * Where session.get_state spends what the no-op does not (a tool, not a bench): the same run times
 * get_state and the no-op from Node, alternating, and inside the extension worker the browser calls
 * get_state makes beside the editor page's report (chrome.storage for the browser settings,
 * chrome.windows.get with and without its tabs). `node --import tsx bench/roundtrip/probeGetState.ts`
 */

const CALLS = count(200, 60);

const stack = await startStack();
try {
  const ai = await connectAi(stack.env, [], 'probe-get-state');
  const times = { getState: [] as number[], noop: [] as number[] };
  let bytes = 0;
  for (let i = 0; i < CALLS + 20; i++) {
    for (const which of i % 2 ? (['getState', 'noop'] as const) : (['noop', 'getState'] as const)) {
      const started = performance.now();
      if (which === 'getState') bytes = JSON.stringify(await ai.call('session', { action: 'get_state' })).length;
      else await ai.client.request({ method: HOP_NOOP_METHOD, params: {} } as never, EmptyResultSchema);
      if (i >= 20) times[which].push(performance.now() - started);
    }
  }
  const worker = await stack.serviceWorker();
  // a string, not a function: tsx would wrap the function's inner closures in a helper the worker has not got
  const inWorker = (await worker.evaluate(`(async () => {
    const calls = ${CALLS};
    const windows = await chrome.windows.getAll({ populate: true });
    const editor = windows.find((w) => w.tabs?.some((t) => t.url?.startsWith(${JSON.stringify(stack.editorUrl)})));
    const id = editor?.id ?? windows[0].id;
    const probes = {
      'chrome.storage.local.get': () => chrome.storage.local.get('vmark.browserSettings'),
      'chrome.windows.get populate': () => chrome.windows.get(id, { populate: true }),
      'chrome.windows.get': () => chrome.windows.get(id),
      'chrome.tabs.query active': () => chrome.tabs.query({ windowId: id, active: true }),
    };
    const out = {};
    for (const name of Object.keys(probes)) out[name] = [];
    for (let i = 0; i < calls; i++) {
      for (const [name, probe] of Object.entries(probes)) {
        const started = performance.now();
        await probe();
        out[name].push(performance.now() - started);
      }
    }
    return out;
  })()`)) as Record<string, number[]>;
  const line = (name: string, samples: number[]) => {
    const s = summarize(samples);
    console.log(`${name.padEnd(40)} median ${s.median.toFixed(2)} ms  p95 ${s.p95.toFixed(2)} ms  (${s.count})`);
  };
  console.log(`\nget_state answer: ${bytes} bytes as the MCP client got it`);
  line('session.get_state (Node)', times.getState);
  line(`${HOP_NOOP_METHOD} (Node)`, times.noop);
  for (const [name, samples] of Object.entries(inWorker)) line(`worker: ${name}`, samples);
  await ai.close();
} finally {
  await stack.close();
}
