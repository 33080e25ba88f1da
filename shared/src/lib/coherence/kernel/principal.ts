/**
 * Who is calling, as the host resolved it from the credential `vmark mcp` presented — never from
 * what the MCP client says its name is. Only a named client can hold a delegation.
 */
export type ClientPrincipal = { kind: 'anonymous' } | { kind: 'unrecognised' } | { kind: 'named'; id: string };
