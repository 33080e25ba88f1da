import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, ListToolsRequestSchema, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { OFFERED_ACTIONS, VMARK_VERSION, capOutcome, findTool, mcpToolList, parseToolCall, textFailure, unexpectedFailure, type CallOutcome } from '@vmark/shared';
import { toCallToolResult } from './toCallToolResult';
import { registerHopNoop } from './hopNoop';
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

  serveToolCalls(server, caller);
  registerHopNoop(server, caller);
  return server;
}

/**
 * `tools/call` is served as the SDK's fallback request handler, not through `setRequestHandler`:
 * there the SDK's Server checks every call against its own `CallToolRequestSchema` twice (Protocol,
 * then its tools/call wrapper) and every result against `CallToolResultSchema`, on top of
 * parseToolCall, which checks each argument against our schemas anyway, and of toCallToolResult,
 * which builds a result of that type (the SDK client checks what it receives). Its record of
 * `arguments` also refused a key such as `constructor` with a zod dump and dropped a key `__proto__`;
 * here both are an unknown argument like any other. Any other method the SDK has no handler for is
 * answered as it would be: method not found.
 */
function serveToolCalls(server: Server, caller: ToolCaller): void {
  server.fallbackRequestHandler = async (request) => {
    if (request.method !== 'tools/call') throw new McpError(ErrorCode.MethodNotFound, 'Method not found');
    // the tool's name is read here; its arguments are parseToolCall's to check (other params, `_meta`, are the SDK's)
    const params = request.params as { name?: unknown; arguments?: unknown } | undefined;
    if (typeof params?.name !== 'string') {
      throw new McpError(ErrorCode.InvalidParams, 'tools/call needs params.name, the name of a tool (call tools/list for them), and params.arguments, an object with an `action`.');
    }
    return callTool(caller, params.name, params.arguments);
  };
}

/** One tools/call: parse with the shared schema → forward → map the outcome. */
async function callTool(caller: ToolCaller, name: string, raw: unknown): Promise<CallToolResult> {
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
