/** The environment variable a client's MCP config sets for `vmark mcp` (apart from credentials.ts, which loads node:crypto that `vmark mcp` does not need). */
export const CLIENT_TOKEN_ENV = 'VMARK_MCP_TOKEN';
