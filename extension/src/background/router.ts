import { domainFailure, findTool, folderOf, isByFolder, isHopNoop, ownerOf, parseToolCall, textFailure, type CallOutcome, type CallRequest } from '@vmark/shared';
import { isWithin } from '@vmark/shared/lib/paths/index';
import type { EditorPorts, EditorWindow } from './editorPorts';
import { mostRecentlyUsed } from './routingState';
import { collectReports } from './windowReports';
import { WINDOW_ACTIONS } from './actions';
import { BROWSER_ACTIONS } from '../browser/actions';
import { routeBrowserCall } from '../browser/browserRouter';

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

async function callEditor(ports: EditorPorts, request: CallRequest): Promise<CallOutcome> {
  const target = await pickWindow(ports, request);
  if ('kind' in target) return target;
  return ports.call(target, { tool: request.tool, action: request.action, args: request.args, principal: request.principal });
}

/**
 * A BY_FOLDER call reaches the extension only when its workspace is not a native folder the host
 * serves: the editor window that holds that workspace (Scratch, a picked folder) answers it.
 */
async function callFolderOwner(ports: EditorPorts, request: CallRequest): Promise<CallOutcome> {
  const root = folderOf(request.args) ?? '';
  const owner = (await collectReports(ports)).find((c) => c.report.workspaceRoots.includes(root));
  if (!owner) {
    return textFailure(
      `workspace_root is not a directory of an open VMark workspace: ${root}. Pass the root of a workspace that session.get_state lists, or open the folder first (workspace.open_workspace).`,
    );
  }
  return ports.call(owner.window, { tool: request.tool, action: request.action, args: request.args, principal: request.principal });
}

async function runWindowAction(ports: EditorPorts, request: CallRequest): Promise<CallOutcome> {
  const handler = WINDOW_ACTIONS.get(`${request.tool}.${request.action}`)!;
  const parsed = parseToolCall(findTool(request.tool)!, { action: request.action, ...request.args });
  if (!parsed.ok) return textFailure(parsed.message);
  return handler.run({ ports, principal: request.principal }, parsed.args);
}

type Edge = (ports: EditorPorts, request: CallRequest) => Promise<CallOutcome>;

/** The extension's own actions, each with the edge that meets its needs: browser actions (an AI principal, a tab) or window actions. */
const EXTENSION_EDGES: ReadonlyMap<string, Edge> = new Map<string, Edge>([
  ...[...BROWSER_ACTIONS.keys()].map((key): [string, Edge] => [key, (_ports, request) => routeBrowserCall(request)]),
  ...[...WINDOW_ACTIONS.keys()].map((key): [string, Edge] => [key, runWindowAction]),
]);

/** Routes by the owner table: an editor's action goes to the window it concerns, a BY_FOLDER one to the window holding its workspace, the extension's to its handler. */
export async function routeCall(ports: EditorPorts, request: CallRequest): Promise<CallOutcome> {
  const owner = ownerOf(request.tool, request.action);
  if (owner === 'editor' || isHopNoop(request)) return callEditor(ports, request);
  if (isByFolder(owner)) return callFolderOwner(ports, request);
  const edge = owner === 'extension' ? EXTENSION_EDGES.get(`${request.tool}.${request.action}`) : undefined;
  if (edge) return edge(ports, request);
  return textFailure(`${request.tool}.${request.action} is not available in this extension version; update the VMark extension and retry.`);
}
