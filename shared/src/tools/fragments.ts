import { z } from 'zod';

/** Limits stated by the seed, with their unit in the name. */
export const MAX_ADDRESSES = 64;
export const BROWSER_TIMEOUT_MIN_MS = 1;
export const BROWSER_TIMEOUT_MAX_MS = 9_000;

export const tabIdArg = z
  .string()
  .min(1, 'tabId must not be blank; omit it to target the focused tab')
  .describe('Target tab id from session.get_state (default: the focused tab)');

export const windowLabelArg = z.string().min(1).describe('Target window label, e.g. "main"');

export const expectedRevisionArg = z
  .string()
  .min(1)
  .describe('Revision token from the last read; a mismatch is refused with STALE and current_revision');

export const addressesArg = z
  .array(z.string())
  .describe(
    `Comment ids (comments.list) this edit answers, at most ${MAX_ADDRESSES}, no duplicates`,
  );

export const documentKindArg = z.enum(['markdown', 'yaml-workflow']);

export const MAX_WORKFLOW_SOURCE_BYTES = 64 * 1024;
export const MAX_SCRIPT_BYTES = 64 * 1024;
export const MAX_SIGNIN_HANDLE_CHARS = 128;

const TIMEOUT_RANGE_MESSAGE = `must be a whole number of milliseconds from ${BROWSER_TIMEOUT_MIN_MS} to ${BROWSER_TIMEOUT_MAX_MS}; omit it for the default`;

export const timeoutMsArg = z
  .number()
  .int(TIMEOUT_RANGE_MESSAGE)
  .min(BROWSER_TIMEOUT_MIN_MS, TIMEOUT_RANGE_MESSAGE)
  .max(BROWSER_TIMEOUT_MAX_MS, TIMEOUT_RANGE_MESSAGE)
  .describe(`How long to wait, in milliseconds (${BROWSER_TIMEOUT_MIN_MS}–${BROWSER_TIMEOUT_MAX_MS})`);

export const browserTabIdArg = z
  .string()
  .min(1, 'tabId must not be blank; omit it to target the focused browser tab')
  .describe('Browser tab id (default: the focused browser tab)');

export const refArg = z.string().min(1).describe('Element ref from the latest browser_read.read, e.g. "e5"');
export const roleArg = z.string().min(1).describe('ARIA role of the target, e.g. "button"');
export const accessibleNameArg = z.string().describe('Accessible name of the target, matched exactly');
export const runIdArg = z.string().min(1).describe('Run id returned by browser.workflow_run');

/** UTF-8 length without TextEncoder, which shared code may not assume (lib is ES2023 only). */
export function utf8ByteLength(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const codePoint = char.codePointAt(0) ?? 0;
    bytes += codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
  }
  return bytes;
}

export const absolutePathPattern = /^(\/|[A-Za-z]:[\\/]|\\\\)/;

const WHERE_WORKSPACE_ROOT = 'find it in session.get_state (the filePath of open tabs) or the workspace tool';

/** The workspace a coherence call asks about; every refusal of it says where to find it (seed COH-07). */
export const workspaceRootArg = z
  .string({ error: (issue) => (issue.input === undefined ? `is required: the absolute path of the workspace to query; ${WHERE_WORKSPACE_ROOT}` : undefined) })
  .min(1, `must not be empty; ${WHERE_WORKSPACE_ROOT}`)
  .regex(absolutePathPattern, `must be an absolute path; ${WHERE_WORKSPACE_ROOT}`)
  .describe('Absolute path of the workspace to query');
