import type { Worker } from 'playwright-core';

/**
 * A second connectNative port opened inside the extension service worker, kept on globalThis
 * between evaluate calls. Its pings are timed in the worker, so no CDP round trip is counted.
 * Written as source text: the worker receives it verbatim, without helpers a TS loader might add.
 */
const OPEN_PORT = `(hostName) => {
  const port = chrome.runtime.connectNative(hostName);
  const waiters = new Map();
  port.onMessage.addListener((message) => {
    if (message && message.type === 'pong') waiters.get(message.id)?.();
  });
  port.onDisconnect.addListener(() => {
    globalThis.__vmarkBenchEcho.lost = chrome.runtime.lastError?.message ?? 'the host exited';
  });
  globalThis.__vmarkBenchEcho = { port, waiters, lost: null, next: 0 };
}`;

const TIME_PINGS = `async (count) => {
  const echo = globalThis.__vmarkBenchEcho;
  const timings = [];
  for (let i = 0; i < count; i++) {
    if (echo.lost) throw new Error('echo port lost: ' + echo.lost);
    const id = 'bench-' + echo.next++;
    const started = performance.now();
    await new Promise((resolve) => {
      echo.waiters.set(id, resolve);
      echo.port.postMessage({ type: 'ping', id });
    });
    timings.push(performance.now() - started);
    echo.waiters.delete(id);
  }
  return timings;
}`;

const CLOSE_PORT = `() => {
  globalThis.__vmarkBenchEcho?.port.disconnect();
  delete globalThis.__vmarkBenchEcho;
}`;

export interface NativeEcho {
  /** Round-trip times in ms of `count` sequential ping → pong exchanges. */
  time(count: number): Promise<number[]>;
  close(): Promise<void>;
}

/**
 * Opens the echo port. The browser starts a second `vmark host` for it, which takes over the
 * runtime file and socket path, so open it only after every `vmark mcp` has connected.
 */
export async function openNativeEcho(worker: Worker, hostName: string): Promise<NativeEcho> {
  await worker.evaluate(`(${OPEN_PORT})(${JSON.stringify(hostName)})`);
  return {
    time: (count) => worker.evaluate(`(${TIME_PINGS})(${count})`) as Promise<number[]>,
    close: async () => {
      await worker.evaluate(`(${CLOSE_PORT})()`);
    },
  };
}
