import { MCP_PROTOCOL, SUPPORTED_KINDS, VMARK_VERSION, type Principal, type WindowReport, type WindowState } from '@vmark/shared';
import { listBrowserTabs, type BrowserTabState } from '../../browser/browserTabsState';
import type { EditorPorts, EditorWindow } from '../editorPorts';

export interface CollectedWindow {
  window: EditorWindow;
  report: WindowReport;
}

/** Asks every editor window for its report; a window that fails to answer is left out, not guessed. */
export async function collectReports(ports: EditorPorts): Promise<CollectedWindow[]> {
  const answers = await Promise.all(
    ports.list().map(async (window) => {
      const outcome = await ports.call(window, {
        tool: 'session',
        action: 'get_state',
        args: {},
        principal: { connectionId: 'router', clientName: 'router' },
      });
      return outcome.kind === 'ok' ? { window, report: outcome.data as WindowReport } : null;
    }),
  );
  return answers.filter((a): a is CollectedWindow => a !== null);
}

/** `focused` comes from the browser (the OS), not from which window answered. */
async function isFocused(window: EditorWindow): Promise<boolean> {
  try {
    const [browserWindow, tab] = await Promise.all([chrome.windows.get(window.browserWindowId), chrome.tabs.get(window.browserTabId)]);
    return browserWindow.focused && tab.active;
  } catch {
    return false;
  }
}

function labelOrder(a: string, b: string): number {
  if (a === 'main') return -1;
  if (b === 'main') return 1;
  return a.localeCompare(b, 'en', { numeric: true });
}

/** The seed's {windows, capabilities}, plus `browserTabs`: the caller's AI tabs and the person's tabs attached to it. */
export async function getState(
  ports: EditorPorts,
  principal: Principal,
): Promise<{ windows: WindowState[]; capabilities: object; browserTabs: BrowserTabState[] }> {
  // the browser's focus is asked for while the windows report, not after: one hop less on every call
  const focus = new Map(ports.list().map((window) => [window, isFocused(window)]));
  const [collected, browserTabs] = await Promise.all([collectReports(ports), listBrowserTabs(principal)]);
  const windows = await Promise.all(
    collected.map(async ({ window, report }): Promise<WindowState> => ({
      label: report.label,
      focused: await (focus.get(window) ?? isFocused(window)),
      activeWorkspaceInstanceId: report.activeWorkspaceInstanceId,
      tabs: report.tabs,
    })),
  );
  windows.sort((a, b) => labelOrder(a.label, b.label));
  return {
    windows,
    capabilities: { version: VMARK_VERSION, supportedKinds: [...SUPPORTED_KINDS], mcpProtocol: MCP_PROTOCOL },
    browserTabs,
  };
}
