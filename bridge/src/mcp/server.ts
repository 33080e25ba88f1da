import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { OFFERED_ACTIONS, VMARK_VERSION, capOutcome, findTool, mcpToolList, parseToolCall, textFailure, unexpectedFailure, type CallOutcome } from '@vmark/shared';
import { toCallToolResult } from './toCallToolResult';
import { registerHopNoop } from './hopNoop';
import { answerCallsTheSdkRefuses } from './sdkRefusedCalls';
import { o200kTokens } from './o200kTokens';

export interface ToolCaller {
  call(tool: string, action: string, args: Record<string, unknown>, options: { retryable: boolean }): Promise<CallOutcome>;
}

/**
 * The MCP server: lists the shared tool definitions (only actions that are implemented) and sends
 * every call down one generic path: parse with the shared schema → forward → map the outcome.
 */
export function createMcpServer(caller: ToolCaller, onClientName?: (name: string) => void): Server {
  const server = new Server(
    { name: 'vmark', title: 'VMark', version: VMARK_VERSION },
    {
      capabilities: { tools: {} },
      instructions:
        'VMark: call session.get_state first; read before write and pass expected_revision; use selection for targeted edits of large files; workflow.apply_patch for GitHub Actions YAML.',
    },
  );
  server.oninitialized = () => onClientName?.(server.getClientVersion()?.name ?? 'unknown');

  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: mcpToolList(OFFERED_ACTIONS) }));

  server.setRequestHandler(CallToolRequestSchema, (request) => callTool(caller, request.params.name, request.params.arguments ?? {}));
  registerHopNoop(server, caller);
  return server;
}

/** One tools/call: parse with the shared schema → forward → map the outcome. */
async function callTool(caller: ToolCaller, name: string, raw: Record<string, unknown>): Promise<CallToolResult> {
  const tool = findTool(name);
  const offered = OFFERED_ACTIONS.get(name);
  if (!tool || !offered) {
    return toCallToolResult(textFailure(`Unknown tool \`${name}\`. Call tools/list for the available tools.`));
  }
  const parsed = parseToolCall(tool, raw, offered);
  if (!parsed.ok) return toCallToolResult(textFailure(parsed.message));
  // only calls of read-only tools may be sent again after a host restart: they cannot have changed anything
  const retryable = tool.annotations.readOnlyHint === true;
  let outcome: CallOutcome;
  try {
    outcome = await caller.call(name, parsed.action, parsed.args as Record<string, unknown>, { retryable });
  } catch (error) {
    console.error(`vmark mcp: ${name}.${parsed.action} failed`, error);
    outcome = unexpectedFailure(`${name}.${parsed.action}`, error);
  }
  return toCallToolResult(capOutcome(outcome, o200kTokens));
}

/** Connects the server; a tools/call the SDK's own schema would refuse gets the same one-sentence answer as any bad argument. */
export async function serveMcp(server: Server, caller: ToolCaller, transport: Transport): Promise<void> {
  await server.connect(transport);
  answerCallsTheSdkRefuses(transport, (name, args) => callTool(caller, name, args));
}
