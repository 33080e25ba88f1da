import { z } from 'zod';
import { action, defineTool } from './defineTool';

export const sessionTool = defineTool({
  name: 'session',
  title: 'Session state',
  description:
    'One-time orientation: every document window, every tab ({id, filePath, title, dirty, revision, kind, active, visible}) and the server capabilities in one call.',
  annotations: { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  actions: {
    get_state: action(
      'Return {windows, capabilities, browserTabs}. tab.visible is false for tabs of a workspace the window does not show. browserTabs lists your AI tabs and the person\'s tabs attached to you: {id, kind, title, url (redacted), loading, generation, automation, posture, cookieStore: "separate" | "none" | "profile", current, active}.',
      z.object({}),
    ),
  },
});
