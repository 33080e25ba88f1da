import type { VmarkPageApi } from '../../page/types';
import { pageCrashed } from './crashedPage';
import { pageLoadFailure, type LoadFailure } from './errorPage';

/**
 * Calls the page API (dist/page.js, ISOLATED world, main frame only) in a tab. The bundle is
 * injected only when the world does not have it yet.
 *
 * For AI tabs, `binding` ties refs to the tab: a new navigation generation (same-document ones
 * included) resets them, and numbering continues from the tab's highest ref so far, so a ref from
 * an earlier page can never name an element of a later one.
 */
type Method = Exclude<keyof VmarkPageApi, 'version' | 'resolveRef'>;
export interface RefBinding {
  generation: number;
  refFloor: number;
}
type Answer = { missing: true } | { value: unknown; nextRef: number } | { error: string };

export class PageCallError extends Error {}
/** The tab's renderer is gone; callers turn it into the PAGE_CRASHED refusal. */
export class PageCrashedError extends PageCallError {}
/** The tab shows Chromium's error page; callers turn it into the PAGE_LOAD_FAILED refusal. */
export class PageLoadFailedError extends PageCallError {
  constructor(readonly failure: LoadFailure) {
    super(`The page ${failure.url} failed to load${failure.error ? ` (${failure.error})` : ''}`);
  }
}

// Runs in the page's ISOLATED world: self-contained (serialised by chrome.scripting).
function invoke(method: string, args: unknown[], binding: RefBinding | null): Answer {
  const holder = globalThis as unknown as Record<string, unknown>;
  const api = holder.__vmarkPage as Record<string, (...a: unknown[]) => unknown> | undefined;
  if (!api) return { missing: true };
  try {
    if (binding !== null && holder.__vmarkTabGeneration !== binding.generation) {
      api.resetRefs!();
      holder.__vmarkTabGeneration = binding.generation;
    }
    // The ref store global of page/refs/refStore.ts.
    const store = holder.__vmarkRefStore as { nextId: number } | undefined;
    if (binding !== null && store && store.nextId <= binding.refFloor) store.nextId = binding.refFloor + 1;
    const value = api[method]!(...args);
    return { value, nextRef: (holder.__vmarkRefStore as { nextId: number } | undefined)?.nextId ?? 1 };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Page calls run at once, on the document as it is: without injectImmediately Chromium holds a
 * script until document_idle, which a response that never ends never reaches, so the call hung.
 */
async function run(chromeTabId: number, method: string, args: unknown[], binding: RefBinding | null): Promise<Answer> {
  const [frame] = await chrome.scripting.executeScript({
    target: { tabId: chromeTabId, frameIds: [0] },
    world: 'ISOLATED',
    injectImmediately: true,
    func: invoke,
    args: [method, args, binding],
  });
  return (frame?.result as Answer | undefined) ?? { error: 'the page did not answer' };
}

export async function callPage<T>(
  chromeTabId: number,
  method: Method,
  args: unknown[] = [],
  binding: RefBinding | null = null,
): Promise<{ value: T; nextRef: number }> {
  let answer: Answer;
  try {
    answer = await run(chromeTabId, method, args, binding);
    if ('missing' in answer) {
      await chrome.scripting.executeScript({ target: { tabId: chromeTabId, frameIds: [0] }, world: 'ISOLATED', files: ['page.js'], injectImmediately: true });
      answer = await run(chromeTabId, method, args, binding);
    }
  } catch (error) {
    if (await pageCrashed(chromeTabId)) throw new PageCrashedError('The page crashed (its renderer is gone)');
    const failure = await pageLoadFailure(chromeTabId);
    if (failure) throw new PageLoadFailedError(failure);
    throw new PageCallError(`The page cannot be read right now (${error instanceof Error ? error.message : String(error)})`);
  }
  if ('error' in answer) throw new PageCallError(answer.error);
  if ('missing' in answer) throw new PageCallError('The page script did not load');
  return { value: answer.value as T, nextRef: answer.nextRef };
}

/** Waits for two animation frames in the page (so a fresh paint is on screen); reads nothing. */
export async function waitForPaint(chromeTabId: number): Promise<void> {
  await chrome.scripting
    .executeScript({
      target: { tabId: chromeTabId, frameIds: [0] },
      world: 'ISOLATED',
      injectImmediately: true,
      // A hidden tab gets no frames: give up after a moment rather than hang.
      func: () =>
        new Promise<boolean>((resolve) => {
          setTimeout(() => resolve(false), 300);
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)));
        }),
    })
    .catch(() => undefined);
}

/**
 * The MAIN-world console shim, for AI tabs only. Injected at commit, which races the page's first
 * inline scripts (see README); injecting again later is a no-op for an installed shim.
 */
export async function injectConsoleShim(chromeTabId: number): Promise<void> {
  await chrome.scripting
    .executeScript({ target: { tabId: chromeTabId, frameIds: [0] }, world: 'MAIN', files: ['consoleShim.js'], injectImmediately: true })
    .catch(() => undefined);
}
