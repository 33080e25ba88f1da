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
    `Comment ids from comments.list that this edit answers (at most ${MAX_ADDRESSES}, no duplicates); otherwise INVALID_ADDRESSES`,
  );

export const documentKindArg = z.enum(['markdown', 'yaml-workflow']);
