import type { CallOutcome } from './outcome';
import type { WindowReport } from './sessionState';

/**
 * Which AI client a connection is, resolved by the host from the credential `vmark mcp` presented
 * (minted by `vmark connect`), never from the name the client gives itself.
 */
export type ClientPrincipal = { kind: 'anonymous' } | { kind: 'unrecognised' } | { kind: 'named'; id: string };

/** Who asked: one MCP connection of one AI client, as authenticated by the host. */
export interface Principal {
  connectionId: string;
  /** What the MCP client calls itself (labels and logs only; never an authority). */
  clientName: string;
  /** Absent means anonymous: whatever depends on it fails closed. */
  identity?: ClientPrincipal;
}

/**
 * Who caused a document save, for the coherence capture: the person (exact), or an MCP connection
 * whose write derives from the documents it read since its last write (`inputs`, absolute paths).
 * A person's save names inputs only when they declared them ("Derived from…").
 * Absent for files that are not documents (comment sidecars): those are never captured.
 */
export type SaveCause = { by: 'person'; inputs?: string[] } | { by: 'agent'; principal: Principal; inputs: string[] };

export interface CallRequest {
  type: 'call';
  id: string;
  tool: string;
  action: string;
  args: Record<string, unknown>;
  principal: Principal;
}

export interface CallResult {
  type: 'result';
  id: string;
  outcome: CallOutcome;
}

// ---- vmark mcp <-> vmark host (local socket, one JSON object per line) ----

export type BridgeToHost =
  /** clientToken: the per-client credential from the client's MCP config (VMARK_MCP_TOKEN), when it has one. */
  | { type: 'hello'; token: string; clientName: string; wire: number; clientToken?: string }
  /** clientName is what the MCP client said in initialize, which can come after the hello. */
  | (Omit<CallRequest, 'principal'> & { clientName?: string });

export type HostToBridge =
  | { type: 'welcome'; connectionId: string; hostVersion: string }
  | { type: 'denied'; reason: string }
  | CallResult;

// ---- vmark host <-> extension (native messaging, 4-byte length frames) ----

/** Host requests that the extension answers: forwarded tool calls and liveness. */
export type HostToExtension =
  | CallRequest
  | { type: 'ping'; id: string }
  | { type: 'pong'; id: string }
  | { type: 'hostInfo'; version: string; pid: number; allowLoopback: boolean; trustedInput: boolean }
  | { type: 'connectionClosed'; connectionId: string }
  | HostServiceResult
  | ChunkFrame
  | { type: 'frameError'; message: string };

export type ExtensionToHost =
  | CallResult
  | { type: 'pong'; id: string }
  | { type: 'ping'; id: string }
  | HostServiceRequest;

/** Native messaging limits host->browser messages to 1 MB; larger ones travel as base64 chunks of UTF-8 bytes. */
export interface ChunkFrame {
  type: 'chunk';
  chunkId: string;
  seq: number;
  total: number;
  data: string;
}

/** The largest file `fs.readBytes` returns (seed: big enough for screenshots and photos). */
export const MAX_READ_BYTES = 32 * 1024 * 1024;

/** OS services of the host: native folders and path canonicalisation. */
export type HostServiceOp =
  | { op: 'fs.list'; path: string }
  | { op: 'fs.read'; path: string }
  /** A file's bytes as base64 (images shown in a document), at most MAX_READ_BYTES. */
  | { op: 'fs.readBytes'; path: string }
  | { op: 'fs.write'; path: string; content: string; createOnly?: boolean; cause?: SaveCause }
  | { op: 'fs.stat'; path: string }
  | { op: 'fs.mkdir'; path: string }
  | { op: 'fs.rename'; from: string; to: string }
  | { op: 'fs.remove'; path: string }
  | { op: 'fs.realpath'; path: string }
  /** Canonical form of any path (symlinks resolved) and whether it is a folder: for the consent dialog. */
  | { op: 'fs.canonical'; path: string }
  /** Sorted names in a folder (at most 500): proves that a picked folder is the one named. */
  | { op: 'fs.fingerprint'; path: string }
  | { op: 'roots.list' }
  /** Serve a folder the person approved; only folders in always-readable places (home, mounted drives). */
  | { op: 'roots.add'; path: string }
  /** Origins of the editor servers on this machine (`http://127.0.0.1:PORT`): only their pages may connect as editors. */
  | { op: 'editor.origins' }
  /** The addresses a host name resolves to (the OS resolver), so AI tabs can refuse private ones. */
  | { op: 'net.resolve'; hostname: string }
  /** The local actionlint binary's version, or null when none is installed. */
  | { op: 'actionlint.version' }
  /** Lint `text` (named `path` in findings) with the local actionlint binary. */
  | { op: 'actionlint.run'; text: string; path: string }
  /** Store a sign-in snapshot (JSON of SigninSnapshot) under `handle` in the OS keychain; `replace` allows overwriting one. */
  | { op: 'signin.save'; handle: string; origin: string; snapshot: string; replace: boolean }
  /** The snapshot stored under `handle`: {origin, snapshot}; service code SESSION_NOT_FOUND when there is none. */
  | { op: 'signin.load'; handle: string }
  /** What is known about `handle` without its values: SigninInfo, or null. */
  | { op: 'signin.info'; handle: string }
  /** Every stored sign-in (SigninInfo[]), never a value. */
  | { op: 'signin.list' }
  /** Delete `handle` from the keychain and its snapshot file; true when there was one. */
  | { op: 'signin.forget'; handle: string }
  /** Keep a named AI profile's cookies (`jar`: JSON array of SigninCookie), sealed by the host with a key in the OS keychain. */
  | { op: 'profileJar.save'; name: string; jar: string }
  /** The jar of profile `name` (JSON), or null when it has none. */
  | { op: 'profileJar.load'; name: string }
  /** Every kept profile (ProfileJarInfo[]), never a value. */
  | { op: 'profileJar.list' }
  /** Delete profile `name`'s jar and its key; true when there was one. */
  | { op: 'profileJar.forget'; name: string }
  /** The Coherence panel of a native folder: one KernelService method (PANEL_METHODS) run on the served workspace `root`; answers its Answer. */
  | { op: 'coherence.panel'; root: string; method: string; args: unknown[] };

/** A named AI profile's kept cookie jar as the person sees it: no value. */
export interface ProfileJarInfo {
  name: string;
  savedAt: number;
  cookies: number;
}

/** A stored sign-in as the extension and the person see it: no cookie or storage value. */
export interface SigninInfo {
  handle: string;
  origin: string;
  savedAt: number;
  cookies: number;
  storageKeys: number;
}

/** One cookie of a sign-in (chrome.cookies fields that set() takes back). */
export interface SigninCookie {
  name: string;
  value: string;
  domain: string;
  hostOnly: boolean;
  path: string;
  secure: boolean;
  httpOnly: boolean;
  sameSite: 'no_restriction' | 'lax' | 'strict' | 'unspecified';
  /** Seconds since the epoch; absent for a session cookie. */
  expirationDate?: number;
  /** Partitioned (CHIPS) cookies: the top-level site of their partition. */
  partitionKey?: { topLevelSite?: string; hasCrossSiteAncestor?: boolean };
}

/** What session_save captures of one origin; travels only between the extension and `vmark host`. */
export interface SigninSnapshot {
  cookies: SigninCookie[];
  localStorage: [string, string][];
}

/** Host services an editor page may not ask for: only the extension's worker reaches sign-ins and profile jars. */
export function isWorkerOnlyService(op: HostServiceOp): boolean {
  return op.op.startsWith('signin.') || op.op.startsWith('profileJar.');
}

/** Host services only an editor page asks for: the person's Coherence panel, never the extension's worker. */
export function isEditorOnlyService(op: HostServiceOp): boolean {
  return op.op === 'coherence.panel';
}

/** One actionlint finding (1-based line and column; `kind` names the rule, e.g. "expression"). */
export interface ActionlintFinding {
  line: number;
  column: number;
  message: string;
  kind: string;
}

export interface HostServiceRequest {
  type: 'service';
  id: string;
  request: HostServiceOp;
}

export type HostServiceResult =
  | { type: 'serviceResult'; id: string; ok: true; data: unknown }
  | { type: 'serviceResult'; id: string; ok: false; code: string; message: string };

// ---- extension <-> editor window (runtime port via externally_connectable) ----

/**
 * An editor window's report, pushed when it registers and whenever it changes, always before the answer
 * of a call that changed it: the extension answers session.get_state and routes by tab id from these
 * without asking the window (it asks a window that has pushed none yet).
 */
export interface WindowReportPush {
  type: 'windowReport';
  report: WindowReport;
}

export type EditorToExtension =
  | { type: 'register'; label: string | null }
  | { type: 'used' }
  | WindowReportPush
  | CallResult
  | HostServiceRequest;

export type ExtensionToEditor =
  | { type: 'registered'; label: string }
  | { type: 'connectionClosed'; connectionId: string }
  | CallRequest
  | HostServiceResult;

export interface FsEntry {
  name: string;
  kind: 'file' | 'directory';
}

export interface FsStat {
  kind: 'file' | 'directory';
  size: number;
  mtimeMs: number;
}
