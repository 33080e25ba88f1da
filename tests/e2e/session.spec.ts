import { MCP_PROTOCOL, VMARK_VERSION } from '@vmark/shared';
import { expect, test } from './support/fixtures';

interface State {
  windows: {
    label: string;
    focused: boolean;
    activeWorkspaceInstanceId: string | null;
    tabs: { id: string; filePath: string | null; title: string; dirty: boolean; revision: string; kind: string; active: boolean; visible: boolean }[];
  }[];
  capabilities: { version: string; supportedKinds: string[]; mcpProtocol: string };
}

test('SES-GS-01 session.get_state reports the window, its tabs and the capabilities', async ({ stack, ai }) => {
  const state = await ai.ok<State>('session', { action: 'get_state' });
  expect(state.capabilities).toEqual({ version: VMARK_VERSION, supportedKinds: ['markdown', 'yaml-workflow'], mcpProtocol: MCP_PROTOCOL });
  expect(state.windows).toHaveLength(1);
  const [main] = state.windows;
  expect(main?.label).toBe('main');
  expect(main?.activeWorkspaceInstanceId).toMatch(/^wsi-/);
  expect(main?.tabs).toEqual([]);
  void stack;
});
