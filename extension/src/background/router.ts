import { domainFailure, ok, textFailure, type CallOutcome, type CallRequest } from '@vmark/shared';
import { isWithin } from '@vmark/shared/lib/paths/index';
import type { EditorPorts, EditorWindow } from './editorPorts';
import { mostRecentlyUsed } from './routingState';
import { collectReports, getState } from './session/getState';
import { focusWindow } from './workspace/focusWindow';
import { BROWSER_TOOLS, routeBrowserCall } from '../browser/browserRouter';

const NO_EDITOR_MESSAGE =
  'No VMark editor window is open in the browser. Open the editor (`vmark start` prints its address) and retry.';

/**
 * Picks the editor window for a call: explicit windowLabel → owner of tabId → owner of the path's
 * workspace → most recently used window → main.
 */
async function pickWindow(ports: EditorPorts, request: CallRequest): Promise<EditorWindow | CallOutcome> {
  const windows = ports.list();
  if (windows.length === 0) return textFailure(NO_EDITOR_MESSAGE);
  const { windowLabel, tabId } = request.args as { windowLabel?: string; tabId?: string };
  if (windowLabel !== undefined) {
    return ports.get(windowLabel) ?? textFailure(`No VMark window is labelled "${windowLabel}"; session.get_state lists the windows.`);
  }
  if (tabId !== undefined) {
    const owner = (await collectReports(ports)).find((c) => c.report.tabs.some((t) => t.id === tabId));
    return owner?.window ?? domainFailure({ error: 'INVALID_TAB', message: `No document tab has the id "${tabId}"; call session.get_state for the current tab ids.` });
  }
  const path = (request.args as { filePath?: string; folderPath?: string }).filePath ?? (request.args as { folderPath?: string }).folderPath;
  if (path !== undefined) {
    const owner = (await collectReports(ports)).find((c) => c.report.workspaceRoots.some((root) => isWithin(root, path)));
    if (owner) return owner.window;
  }
  for (const label of await mostRecentlyUsed()) {
    const window = ports.get(label);
    if (window) return window;
  }
  return ports.get('main') ?? (windows[0] as EditorWindow);
}

export async function routeCall(ports: EditorPorts, request: CallRequest): Promise<CallOutcome> {
  if (request.tool === 'session' && request.action === 'get_state') return ok(await getState(ports, request.principal));
  if (BROWSER_TOOLS.has(request.tool)) return routeBrowserCall(request);
  if (request.tool === 'workspace' && request.action === 'focus_window') {
    return focusWindow(ports, (request.args as { windowLabel: string }).windowLabel);
  }
  const target = await pickWindow(ports, request);
  if ('kind' in target) return target;
  return ports.call(target, { tool: request.tool, action: request.action, args: request.args, principal: request.principal });
}
