/** Timers exist in every runtime the kernel runs in (Node, the browser worker); shared is typed without either. */
export const timers = globalThis as unknown as { setTimeout(run: () => void, ms: number): unknown; clearTimeout(handle: unknown): void };

/**
 * A coherence refusal. The seed's coherence errors are plain strings; WRITE_BUSY and TIMEOUT lead
 * with their code so an agent can test for it.
 */
export class CoherenceError extends Error {
  constructor(
    readonly code: 'WRITE_BUSY' | 'TIMEOUT' | null,
    message: string,
  ) {
    super(code ? `${code}: ${message}` : message);
    this.name = 'CoherenceError';
  }
}

/** How long a coherence write waits behind another write before WRITE_BUSY (seed). */
export const WRITE_WAIT_MS = 3_000;
/** How long a coherence call may run before TIMEOUT (seed). */
export const CALL_LIMIT_MS = 20_000;

/**
 * Serialises the kernel's writes. A write that cannot start within WRITE_WAIT_MS is not run at
 * all (WRITE_BUSY), so the caller knows nothing happened.
 */
export class WriteQueue {
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly waitMs: number = WRITE_WAIT_MS) {}

  run<T>(write: () => Promise<T>): Promise<T> {
    let timedOut = false;
    let timer: unknown;
    let settle!: { resolve: (value: T) => void; reject: (error: unknown) => void };
    const result = new Promise<T>((resolve, reject) => {
      settle = { resolve, reject };
      timer = timers.setTimeout(() => {
        timedOut = true;
        reject(new CoherenceError('WRITE_BUSY', `the write waited ${this.waitMs / 1000} s behind another write and was not executed; retry it`));
      }, this.waitMs);
    });
    // the next write waits for this one to finish (or to be skipped), never just for its timeout
    this.tail = this.tail.then(async () => {
      timers.clearTimeout(timer);
      if (timedOut) return;
      try {
        settle.resolve(await write());
      } catch (error) {
        settle.reject(error);
      }
    });
    return result;
  }
}

/** A coherence MCP call as its TIMEOUT names it: a write's (`edges`, `resolve`) result is unknown after it. */
export interface CoherenceCall {
  what: `coherence.${string}` | `coherence_resolve.${string}`;
  isWrite: boolean;
}

/**
 * Fails with TIMEOUT when `work` has not settled after `limitMs`; the work itself keeps running,
 * which is why the message says the outcome of a write is unknown.
 */
export async function withCallLimit<T>(work: Promise<T>, what: string, isWrite: boolean, limitMs: number = CALL_LIMIT_MS): Promise<T> {
  let timer: unknown;
  const limit = new Promise<never>((_, reject) => {
    timer = timers.setTimeout(
      () =>
        reject(
          new CoherenceError(
            'TIMEOUT',
            isWrite
              ? `${what} did not finish within ${limitMs / 1000} s and is still running, so its result is unknown; read the current state (coherence.status / edges) before retrying`
              : `${what} did not finish within ${limitMs / 1000} s; retry shortly`,
          ),
        ),
      limitMs,
    );
  });
  try {
    return await Promise.race([work, limit]);
  } finally {
    timers.clearTimeout(timer);
  }
}
