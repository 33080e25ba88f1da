import { type BrowserToken, type ErrorCode, isErrorCode } from './codes';

export type AbortReason = 'edited' | 'closed' | 'composing' | 'selection';

/** Data a code must carry besides `message`; codes not listed carry only the message. */
interface RequiredData {
  STALE: { current_revision: string };
  ABORTED: { reason: AbortReason };
  INVALID_PATCH: { index: number };
  INTERNAL: { applied?: true; durable?: boolean; current_revision?: string };
  INVALID_TAB: { tabId?: string };
  INVALID_PATH: { path?: string };
}

/** A domain error as the seed puts it on the wire: keyed by `error`, e.g. {error: 'STALE', message, current_revision}. */
export type DomainError = {
  [C in ErrorCode]: { error: C; message: string } & (C extends keyof RequiredData ? RequiredData[C] : unknown);
}[ErrorCode];

export type DomainErrorOf<C extends ErrorCode> = Extract<DomainError, { error: C }>;

export const stale = (currentRevision: string, message = 'Document has changed since the last read'): DomainErrorOf<'STALE'> => ({
  error: 'STALE',
  message,
  current_revision: currentRevision,
});
const ABORT_WORDS: Record<AbortReason, string> = {
  edited: 'edited the document',
  closed: 'closed the tab',
  composing: 'started composing text',
  selection: 'moved the selection',
};
export const aborted = (reason: AbortReason): DomainErrorOf<'ABORTED'> => ({
  error: 'ABORTED',
  message: `The write was abandoned because the user ${ABORT_WORDS[reason]} while it was being recorded; nothing was changed`,
  reason,
});
export const invalidPatch = (index: number, message: string): DomainErrorOf<'INVALID_PATCH'> => ({ error: 'INVALID_PATCH', message, index });
export const internal = (message: string, data: RequiredData['INTERNAL'] = {}): DomainErrorOf<'INTERNAL'> => ({ error: 'INTERNAL', message, ...data });
export const invalidTab = (tabId?: string, message?: string): DomainErrorOf<'INVALID_TAB'> => ({
  error: 'INVALID_TAB',
  message: message ?? (tabId === undefined ? 'No tab is focused' : `No document tab has id ${tabId}`),
  ...(tabId === undefined ? {} : { tabId }),
});
export const invalidPath = (path: string, message = `Path ${path} is unreadable or outside the open workspace`): DomainErrorOf<'INVALID_PATH'> => ({
  error: 'INVALID_PATH',
  message,
  path,
});

const simple =
  <C extends Exclude<ErrorCode, keyof RequiredData>>(error: C, defaultMessage: string) =>
  (message: string = defaultMessage) =>
    ({ error, message }) as DomainErrorOf<C>;

export const approvalRequired = simple('APPROVAL_REQUIRED', 'The user has to approve this first');
export const busy = simple('BUSY', 'The editor is busy; nothing was changed');
export const journalBusy = simple('JOURNAL_BUSY', 'Another write to this document is being recorded; nothing was changed');
export const writeBusy = simple('WRITE_BUSY', 'Another write held the write lock for 3 s; this call was not executed');
export const timeout = simple('TIMEOUT', 'The call did not finish within 20 s; its result is unknown');
export const staleParent = simple('STALE_PARENT', 'Another window wrote this document after this tab\'s last write; nothing was changed');
export const journalDegraded = simple('JOURNAL_DEGRADED', 'An earlier journal entry is still waiting to be saved; nothing was changed');
export const journalUnavailable = simple('JOURNAL_UNAVAILABLE', 'The agent edit journal is unavailable; nothing was changed');
export const invalidText = simple('INVALID_TEXT', 'The text contains a lone UTF-16 surrogate; nothing was changed');
export const reviewBacklogFull = simple('REVIEW_BACKLOG_FULL', 'Too many AI changes await review; nothing was changed');
export const notWorkflow = simple('NOT_WORKFLOW', 'This tab is not a GitHub Actions workflow');
export const readOnly = simple('READ_ONLY', 'The document is read-only');
export const noEditor = simple('NO_EDITOR', 'The focused tab has no active editor');
export const staleComment = simple('STALE_COMMENT', 'The comment thread changed or was deleted since comments.list');
export const invalidComment = simple('INVALID_COMMENT', 'No comment of this document has that id');
export const commentNotAllowed = simple('COMMENT_NOT_ALLOWED', 'The thread is resolved');
export const commentLimit = simple('COMMENT_LIMIT', 'The thread cannot take this reply');
export const invalidAddresses = simple('INVALID_ADDRESSES', 'addresses must hold at most 64 distinct ids of open comments of this document');

/** Lets deep code bail out with a typed error; only the dispatcher catches it. */
export class DomainErrorException extends Error {
  constructor(readonly domainError: DomainError) {
    super(`${domainError.error}: ${domainError.message}`);
    this.name = 'DomainErrorException';
  }
}

export function isDomainError(value: unknown): value is DomainError {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  if (!isErrorCode(candidate.error) || typeof candidate.message !== 'string') return false;
  switch (candidate.error) {
    case 'STALE':
      return typeof candidate.current_revision === 'string';
    case 'ABORTED':
      return typeof candidate.reason === 'string' && Object.hasOwn(ABORT_WORDS, candidate.reason);
    case 'INVALID_PATCH':
      return typeof candidate.index === 'number';
    default:
      return true;
  }
}

/** A browser refusal: rendered as "TOKEN: message", with token and data in structuredContent. */
export interface BrowserRefusal {
  token: BrowserToken;
  message: string;
  data?: Record<string, unknown>;
}

export function refusal(token: BrowserToken, message: string, data?: Record<string, unknown>): BrowserRefusal {
  return data === undefined ? { token, message } : { token, message, data };
}
