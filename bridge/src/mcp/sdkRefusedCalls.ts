import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, isJSONRPCRequest, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * The MCP SDK checks every `tools/call` against its own zod schema before any handler runs, and
 * answers a failure with a JSON-RPC error holding a multi-line zod dump. Its `arguments` record
 * refuses an object with a key such as `constructor`, and silently drops a key `__proto__`; both are
 * argument errors like any other. Such calls are answered here, before the SDK sees them, with the
 * tool handler's own one sentence (`answer`); any other request the SDK refuses is left to the SDK.
 */
export function answerCallsTheSdkRefuses(transport: Transport, answer: (name: string, args: Record<string, unknown>) => Promise<CallToolResult>): void {
  const sdkOnMessage = transport.onmessage;
  transport.onmessage = (message, extra) => {
    const params = isJSONRPCRequest(message) && message.method === 'tools/call' ? (message.params as { name?: unknown; arguments?: unknown } | undefined) : undefined;
    const args = params?.arguments;
    if (isJSONRPCRequest(message) && typeof params?.name === 'string' && typeof args === 'object' && args !== null && !Array.isArray(args)) {
      const sdk = CallToolRequestSchema.safeParse(message);
      if (!sdk.success || Object.keys(sdk.data.params.arguments ?? {}).length !== Object.keys(args).length) {
        void answer(params.name, args as Record<string, unknown>).then((result) => transport.send({ jsonrpc: '2.0', id: message.id, result }));
        return;
      }
    }
    sdkOnMessage?.(message, extra);
  };
}
