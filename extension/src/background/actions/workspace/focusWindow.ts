import { ok, textFailure, workspaceTool } from '@vmark/shared';
import { defineWindowAction } from '../../defineWindowAction';
import { markUsed } from '../../routingState';

/** Only the browser can raise and focus a window. */
export const focusWindow = defineWindowAction(workspaceTool, 'focus_window', {
  async run(ctx, args) {
    const window = ctx.ports.get(args.windowLabel);
    if (!window) return textFailure(`No VMark window is labelled "${args.windowLabel}"; session.get_state lists the windows.`);
    await chrome.windows.update(window.browserWindowId, { focused: true });
    await chrome.tabs.update(window.browserTabId, { active: true });
    await markUsed(args.windowLabel);
    const focused = (await chrome.windows.get(window.browserWindowId)).focused;
    return ok({ windowLabel: args.windowLabel, focused });
  },
});
