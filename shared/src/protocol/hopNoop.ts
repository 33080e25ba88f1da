/**
 * An MCP request method, not a tool (so never in tools/list), that crosses every hop and does
 * nothing: MCP client → `vmark mcp` → socket → `vmark host` → native messaging → extension worker →
 * editor page → back. The benches time it as the floor of the whole path.
 */
export const HOP_NOOP_METHOD = 'vmark/noop';

/**
 * What the bridge sends down for it: a session action the editor page does not have. The page's
 * dispatch answers an unknown action first thing, with a text that starts with `session.noop `,
 * before it parses arguments or runs any handler.
 */
export const HOP_NOOP_CALL = { tool: 'session', action: 'noop', args: { windowLabel: 'main' } } as const;

/** Whether a call is the hop no-op: no action of any tool, routed as the editor's actions are. */
export function isHopNoop(call: { tool: string; action: string }): boolean {
  return call.tool === HOP_NOOP_CALL.tool && call.action === HOP_NOOP_CALL.action;
}
