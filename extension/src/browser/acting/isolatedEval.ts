/**
 * Runs an AI's script in an isolated world of the tab's main frame through chrome.debugger (CDP
 * Page.createIsolatedWorld + Runtime.evaluate): it shares the DOM, not the page's globals. The
 * extension's own isolated world forbids eval (MV3 CSP), which is why the debugger is used; while it
 * is attached Chromium shows its "started debugging this browser" bar (silent in the user-data folders
 * `vmark start` and `--headless` launch with --silent-debugger-extension-api).
 */
export type EvalOutcome = { kind: 'value'; json: string } | { kind: 'error'; message: string } | { kind: 'timeout' } | { kind: 'unavailable'; message: string };

type Debuggee = chrome.debugger.Debuggee;

function send<T>(target: Debuggee, method: string, params?: object): Promise<T> {
  return chrome.debugger.sendCommand(target, method, params) as Promise<T>;
}

// JSON-encodes in the page world, so a value JSON cannot encode fails there, naming the error.
function wrap(script: string): string {
  return `(async () => {\n${script}\n})().then((value) => {
  if (value === undefined) return 'null';
  const json = JSON.stringify(value);
  if (json === undefined) throw new TypeError('the script returned a value JSON cannot encode (' + typeof value + ')');
  return json;
})`;
}

interface EvaluateResult {
  result?: { value?: unknown };
  exceptionDetails?: { text?: string; exception?: { description?: string } };
}

export async function evaluateIsolated(chromeTabId: number, script: string, timeoutMs: number): Promise<EvalOutcome> {
  const target: Debuggee = { tabId: chromeTabId };
  try {
    await chrome.debugger.attach(target, '1.3');
  } catch (error) {
    return { kind: 'unavailable', message: `the debugger cannot attach to this tab (${(error as Error)?.message ?? String(error)}); is DevTools open on it?` };
  }
  try {
    const { frameTree } = await send<{ frameTree: { frame: { id: string } } }>(target, 'Page.getFrameTree');
    const { executionContextId } = await send<{ executionContextId: number }>(target, 'Page.createIsolatedWorld', { frameId: frameTree.frame.id, worldName: 'vmark-execute-js' });
    const evaluation = send<EvaluateResult>(target, 'Runtime.evaluate', { expression: wrap(script), contextId: executionContextId, awaitPromise: true, returnByValue: true });
    const timer = new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), timeoutMs));
    const answer = await Promise.race([evaluation, timer]);
    if (answer === 'timeout') return { kind: 'timeout' };
    if (answer.exceptionDetails) {
      const message = answer.exceptionDetails.exception?.description?.split('\n')[0] ?? answer.exceptionDetails.text ?? 'the script threw';
      return { kind: 'error', message };
    }
    return { kind: 'value', json: String(answer.result?.value ?? 'null') };
  } catch (error) {
    return { kind: 'error', message: (error as Error)?.message ?? String(error) };
  } finally {
    await chrome.debugger.detach(target).catch(() => undefined);
  }
}

export async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}
