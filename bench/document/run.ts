import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { NATIVE_HOST_NAME } from '@vmark/shared';
import { connectAi, textOf, type Ai } from '../../tests/e2e/support/mcpClient';
import { startStack } from '../../tests/e2e/support/stack';
import { openNativeEcho } from '../roundtrip/nativeEcho';
import { summarize, type Summary } from '../roundtrip/stats';
import { count } from '../quick';

/**
 * document.read / document.write round trips for 10 KB and 1 MB documents next to the bare
 * native-messaging echo, and selection.set against document.write of the same change on a 5 MB
 * document (time and request bytes). Not a test: it prints PASS or MISS per goal and exits 0.
 */

const CALLS = count(30, 8);
const SMALL_GOAL = 3;
const LARGE_GOAL = 10;

const makeDoc = (bytes: number): string => {
  const line = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit — 中文 ünïcödé.\n';
  return line.repeat(Math.ceil(bytes / Buffer.byteLength(line))).slice(0, bytes);
};

async function timeCalls(ai: Ai, count: number, args: () => [string, Record<string, unknown>]): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const [tool, callArgs] = args();
    const started = performance.now();
    const result = await ai.call(tool, callArgs);
    times.push(performance.now() - started);
    if (result.isError) throw new Error(`${tool}.${String(callArgs.action)} failed: ${textOf(result)}`);
  }
  return times;
}

const fmt = (s: Summary) => `median ${s.median.toFixed(2)} ms, p95 ${s.p95.toFixed(2)} ms`;
const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');

async function main(): Promise<void> {
  const stack = await startStack();
  try {
    const ai = await connectAi(stack.env, [], 'bench-document');
    const tabs: Record<string, string> = {};
    for (const [name, bytes] of [['10kb', 10_000], ['1mb', 1_000_000], ['5mb', 5_000_000]] as const) {
      const file = path.join(stack.workspace, `${name}.md`);
      fs.writeFileSync(file, makeDoc(bytes));
      tabs[name] = (await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file })).tabId;
    }
    const worker = await stack.serviceWorker();
    const echo = await openNativeEcho(worker, NATIVE_HOST_NAME);
    await echo.time(20);
    const echoSummary = summarize(await echo.time(count(200, 50)));

    const results: [string, Summary, number | null][] = [];
    for (const name of ['10kb', '1mb'] as const) {
      const tabId = tabs[name] as string;
      const read = summarize(await timeCalls(ai, CALLS, () => ['document', { action: 'read', tabId }]));
      const content = makeDoc(name === '10kb' ? 10_000 : 1_000_000);
      let flip = false;
      const write = summarize(
        await timeCalls(ai, CALLS, () => {
          flip = !flip;
          return ['document', { action: 'write', tabId, content: flip ? `${content}x` : content, save: false }];
        }),
      );
      results.push([`document.read ${name}`, read, name === '10kb' ? SMALL_GOAL : LARGE_GOAL], [`document.write ${name}`, write, null]);
    }

    // selection.set vs document.write of the same one-word change on the 5 MB document
    const big = tabs['5mb'] as string;
    await ai.ok('workspace', { action: 'switch_tab', tabId: big });
    await stack.page.locator('.cm-content').click();
    await stack.page.keyboard.press('Control+Home');
    await stack.page.keyboard.press('Shift+End');
    let toggle = false;
    const selectionArgs = () => {
      toggle = !toggle;
      return ['selection', { action: 'set', content: toggle ? 'Changed first line.' : 'Lorem ipsum first line.' }] as [string, Record<string, unknown>];
    };
    const selectionBytes = Buffer.byteLength(JSON.stringify(selectionArgs()[1]));
    const selection = summarize(
      await timeCalls(ai, 10, () => {
        const args = selectionArgs();
        return args;
      }),
    );
    const current = (await ai.ok<{ content: string }>('document', { action: 'read', tabId: big })).content;
    const whole = makeDoc(5_000_000);
    const writeArgs = { action: 'write', tabId: big, content: whole, save: false };
    const writeBytes = Buffer.byteLength(JSON.stringify(writeArgs));
    const bigWrite = summarize(await timeCalls(ai, 10, () => ['document', { ...writeArgs, content: writeArgs.content + (Math.random() > 0.5 ? 'a' : 'b') }]));
    void current;

    console.log(`\nVMark document tools (Node ${process.version})\n`);
    console.log(`echo (native messaging ping, in the worker): ${fmt(echoSummary)}`);
    for (const [label, summary, goal] of results) {
      const ratio = summary.median / echoSummary.median;
      console.log(`${label.padEnd(22)} ${fmt(summary)}  ratio ${ratio.toFixed(1)}×${goal ? `  goal ≤ ${goal}×  ${verdict(ratio <= goal)}` : ''}`);
    }
    console.log(`\n5 MB document, one-line change:`);
    console.log(`  selection.set   ${fmt(selection)}, request ${selectionBytes} bytes`);
    console.log(`  document.write  ${fmt(bigWrite)}, request ${writeBytes} bytes`);
    console.log(`  ratio selection/write: time ${(selection.median / bigWrite.median).toFixed(3)}×, bytes ${(selectionBytes / writeBytes).toFixed(6)}×`);
    await echo.close();
    await ai.close();
  } finally {
    await stack.close();
  }
}

await main();
