import { MCP_PROTOCOL, SUPPORTED_KINDS, VMARK_VERSION, ok, sessionTool, type WindowState } from '@vmark/shared';
import { listBrowserTabs } from '../../../browser/browserTabsState';
import type { EditorWindow } from '../../editorPorts';
import { defineWindowAction } from '../../defineWindowAction';
import { collectReports } from '../../windowReports';
import { isTabFocused } from '../../windowFocus';

/** `focused` comes from the browser (the OS), not from which window answered. */
function isFocused(window: EditorWindow): Promise<boolean> {
  return isTabFocused(window.browserWindowId, window.browserTabId);
}

function labelOrder(a: string, b: string): number {
  if (a === 'main') return -1;
  if (b === 'main') return 1;
  return a.localeCompare(b, 'en', { numeric: true });
}

/** The seed's {windows, capabilities}, plus `browserTabs`: the caller's AI tabs and the person's tabs attached to it. */
export const getState = defineWindowAction(sessionTool, 'get_state', {
  async run(ctx) {
    // the reports are the windows' pushed ones; a window that pushed none yet is asked, and first: a browser call
    // below (focus on a worker's first call, the AI's tabs) goes through the browser process too and, sent
    // before, would queue ahead of that question
    const reports = collectReports(ctx.ports);
    const focus = new Map(ctx.ports.list().map((window) => [window, isFocused(window)]));
    const [collected, browserTabs] = await Promise.all([reports, listBrowserTabs(ctx.principal)]);
    const windows = await Promise.all(
      collected.map(async ({ window, report }): Promise<WindowState> => ({
        label: report.label,
        focused: await (focus.get(window) ?? isFocused(window)),
        activeWorkspaceInstanceId: report.activeWorkspaceInstanceId,
        tabs: report.tabs,
      })),
    );
    windows.sort((a, b) => labelOrder(a.label, b.label));
    return ok({
      windows,
      capabilities: { version: VMARK_VERSION, supportedKinds: [...SUPPORTED_KINDS], mcpProtocol: MCP_PROTOCOL },
      browserTabs,
    });
  },
});
