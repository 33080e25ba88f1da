/**
 * How long each hop of a call waits for its answer. A tool call crosses the hops top to bottom
 * (`vmark mcp` → `vmark host` → extension → editor window → host services), and each hop gives up
 * before the hop it runs within, so the refusal that reaches the AI names the hop that failed
 * instead of an outer, vaguer timeout. A unit test keeps that ordering.
 */
export const CALL_HOPS = {
  /** `vmark mcp` → `vmark host`: the AI's call as a whole. */
  bridgeToHost: { timeoutMs: 125_000, within: null },
  /** `vmark host` → the extension, over native messaging. */
  hostToExtension: { timeoutMs: 120_000, within: 'bridgeToHost' },
  /** The extension → one editor window, over its runtime port. */
  extensionToEditor: { timeoutMs: 60_000, within: 'hostToExtension' },
  /** An editor window → the host's OS services (native folders), through the extension. */
  editorToHostService: { timeoutMs: 30_000, within: 'extensionToEditor' },
  /** The extension's leg of an editor's service request: it answers the editor before the editor gives up. */
  extensionToHostService: { timeoutMs: 25_000, within: 'editorToHostService' },
  /** The host running the local actionlint binary for a service request. */
  hostActionlint: { timeoutMs: 15_000, within: 'extensionToHostService' },
  /** The extension worker's own service requests (editor origins), made while it routes a call. */
  workerToHostService: { timeoutMs: 5_000, within: 'hostToExtension' },
  /** A sign-in's snapshot (up to 5 MB) crossing native messaging in chunks and the keychain, while a browser action runs. */
  workerToHostSignin: { timeoutMs: 60_000, within: 'hostToExtension' },
  /** The worker resolving an AI tab's host name; without an answer the browser resolves it. */
  workerResolve: { timeoutMs: 3_000, within: 'workerToHostService' },
  /** The popup's live ping to the host. */
  statusPing: { timeoutMs: 1_500, within: null },
} as const satisfies Record<string, { timeoutMs: number; within: string | null }>;

export type CallHop = keyof typeof CALL_HOPS;

export const hopTimeoutMs = (hop: CallHop): number => CALL_HOPS[hop].timeoutMs;
