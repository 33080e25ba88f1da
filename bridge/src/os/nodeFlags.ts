import { VMARK_ENTRY } from './locations';

/**
 * V8 flags for the processes vmark leaves running (`vmark mcp`, `vmark host`). Node 20 lets the
 * young generation grow to 16 MB per semi-space, which these processes fill with garbage between
 * scavenges (peak RSS of `vmark mcp` 84 MB, of a bare MCP SDK stdio server 68–70 MB); 1 MB
 * semi-spaces keep the peak under 60 MB for more, cheap scavenges of the little that survives
 * (bench/roundtrip prints both RSS and latency). `--no-opt` keeps TurboFan out: at start it
 * optimises the MCP SDK's and our zod schema construction, ~6 MB of peak RSS for code that runs once;
 * the interpreter and Sparkplug serve a call of these processes no slower within the bench's noise.
 * V8 reads them only at start, so they go on the command line wherever vmark starts such a process.
 */
export const LEAN_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=1', '--no-opt'];

/** The command and arguments that start `vmark <subcommand>` with the Node that runs this one. */
export function vmarkLaunch(subcommand: string): { command: string; args: string[] } {
  return { command: process.execPath, args: [...LEAN_NODE_FLAGS, VMARK_ENTRY, subcommand] };
}
