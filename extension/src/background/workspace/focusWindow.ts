import { ok, textFailure, type CallOutcome } from '@vmark/shared';
import type { EditorPorts } from '../editorPorts';
import { markUsed } from '../routingState';

/** workspace.focus_window is answered here: only the browser can raise and focus a window. */
export async function focusWindow(ports: EditorPorts, windowLabel: string): Promise<CallOutcome> {
  const window = ports.get(windowLabel);
  if (!window) return textFailure(`No VMark window is labelled "${windowLabel}"; session.get_state lists the windows.`);
  await chrome.windows.update(window.browserWindowId, { focused: true });
  await chrome.tabs.update(window.browserTabId, { active: true });
  await markUsed(windowLabel);
  const focused = (await chrome.windows.get(window.browserWindowId)).focused;
  return ok({ windowLabel, focused });
}
