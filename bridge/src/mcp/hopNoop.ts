import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { HOP_NOOP_CALL, HOP_NOOP_METHOD } from '@vmark/shared';
import { z } from 'zod';
import type { ToolCaller } from './server';

const HopNoopRequest = z.object({ method: z.literal(HOP_NOOP_METHOD), params: z.optional(z.looseObject({})) });

/** Answers `vmark/noop` once the editor page has answered (see HOP_NOOP_METHOD); an error when it did not get there. */
export function registerHopNoop(server: Server, caller: ToolCaller): void {
  server.setRequestHandler(HopNoopRequest, async () => {
    const outcome = await caller.call(HOP_NOOP_CALL.tool, HOP_NOOP_CALL.action, { ...HOP_NOOP_CALL.args }, { retryable: true });
    const reachedPage = outcome.kind === 'text' && outcome.text.startsWith(`${HOP_NOOP_CALL.tool}.${HOP_NOOP_CALL.action} `);
    if (!reachedPage) {
      throw new McpError(ErrorCode.InternalError, `${HOP_NOOP_METHOD} did not reach an editor window labelled main: ${JSON.stringify(outcome).slice(0, 300)}`);
    }
    return {};
  });
}
