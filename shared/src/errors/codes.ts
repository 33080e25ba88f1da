/**
 * Every error code of the seed with its wire form and the one sentence that tells an agent what to
 * do. `envelope`: JSON {error, message, …} in an isError result; `string`: plain text; `token`:
 * "TOKEN: message" with the token in structuredContent (browser tools only).
 */
export type ErrorForm = 'envelope' | 'string' | 'token';

export interface ErrorCodeInfo {
  form: ErrorForm;
  remedy: string;
}

export const ERROR_CODES = {
  STALE: { form: 'envelope', remedy: 'The document or file changed after your read (or a later save already reached the file); read again and retry with the new revision.' },
  INVALID_PATCH: { form: 'envelope', remedy: 'Fix the patch at the reported index so it matches one of the eight IRPatch kinds and send the array again.' },
  INVALID_TAB: { form: 'envelope', remedy: 'Call session.get_state for valid tab ids; selection needs the focused tab, and browser tabs are closed with browser.close.' },
  INVALID_PATH: { form: 'envelope', remedy: 'Use an absolute, readable path inside the open workspace or the folder of an open document.' },
  APPROVAL_REQUIRED: { form: 'envelope', remedy: 'Ask the user to approve in VMark (or pick the folder in its dialog), then repeat the same call; save_as never replaces another existing file.' },
  BUSY: { form: 'envelope', remedy: 'Nothing changed because the user is composing text or a folder dialog or workspace switch is running; retry shortly.' },
  JOURNAL_BUSY: { form: 'envelope', remedy: 'Another write to this document is being recorded and nothing changed; retry shortly.' },
  WRITE_BUSY: { form: 'string', remedy: 'The call waited 3 s behind another write and was not executed; retry it.' },
  TIMEOUT: { form: 'string', remedy: 'The coherence call did not finish within 20 s and a write may still complete; read the current state before retrying.' },
  STALE_PARENT: { form: 'envelope', remedy: 'Another window wrote this document after this tab\'s last write and nothing changed; read again and retry.' },
  JOURNAL_DEGRADED: { form: 'envelope', remedy: 'An earlier journal entry for this document is still being saved and nothing changed; retry in a few seconds.' },
  JOURNAL_UNAVAILABLE: { form: 'envelope', remedy: 'The agent edit journal is not running and nothing changed; tell the user, since writes cannot be recorded right now.' },
  INVALID_TEXT: { form: 'envelope', remedy: 'Remove the lone UTF-16 surrogate from the text and send it again.' },
  REVIEW_BACKLOG_FULL: { form: 'envelope', remedy: 'Too many AI changes await the user\'s review and nothing changed; ask the user to review them before writing more.' },
  ABORTED: { form: 'envelope', remedy: 'The user edited, closed, composed in or moved the selection of the document while the write was recorded (see reason) and nothing changed; read again and retry.' },
  NOT_WORKFLOW: { form: 'envelope', remedy: 'This tab is not a GitHub Actions workflow; use document.read and document.write instead.' },
  READ_ONLY: { form: 'envelope', remedy: 'The document is read-only; do not try to change it.' },
  NO_EDITOR: { form: 'envelope', remedy: 'The focused tab has no live editor; switch to an editable tab or use document.read and document.write.' },
  INTERNAL: { form: 'envelope', remedy: 'An unexpected error occurred and the document may have changed; read it again before the next write.' },
  STALE_COMMENT: { form: 'envelope', remedy: 'The thread changed or was deleted, or the cursor is no longer valid; call comments.list again without a cursor.' },
  INVALID_COMMENT: { form: 'envelope', remedy: 'Use a comment id that comments.list returned for this document.' },
  COMMENT_NOT_ALLOWED: { form: 'envelope', remedy: 'The thread is resolved and only the user can reopen it; leave it alone.' },
  COMMENT_LIMIT: { form: 'envelope', remedy: 'The thread has too many replies, the text is too long or the thread cannot change any more; shorten the reply or leave the thread.' },
  INVALID_ADDRESSES: { form: 'envelope', remedy: 'Pass at most 64 distinct ids of open comments of this document from comments.list, or omit addresses.' },
} as const satisfies Record<string, ErrorCodeInfo>;

export type ErrorCode = keyof typeof ERROR_CODES;

/**
 * Browser refusal tokens. The seed's list ends with "…"; tokens after ATTACHMENT_ONCE_INSUFFICIENT
 * are ours, for refusals the seed describes without naming a token. TIMEOUT is a token here and a
 * plain string in ERROR_CODES: the same word, two forms.
 */
export const BROWSER_TOKENS = {
  BROWSER_DISABLED: { form: 'token', remedy: 'The embedded browser is turned off in the settings; ask the user to turn it on.' },
  STALE_COMMAND: { form: 'token', remedy: 'The page changed since the read this command was based on; call browser_read.read again and target what it returns.' },
  NOT_GRANTED: { form: 'token', remedy: 'The operation needs the user\'s approval on this site; ask them to approve the prompt, then repeat the same call.' },
  EVAL_TIMEOUT: { form: 'token', remedy: 'The script may still have finished; read the page with browser_read before acting again, never retry blindly.' },
  TAB_LIMIT: { form: 'token', remedy: 'Eight AI-owned tabs are open; close the ones you have finished with via browser.close.' },
  RUN_NOT_FOUND: { form: 'token', remedy: 'Use a runId that browser.workflow_run returned on this connection.' },
  TAB_NOT_AI_OWNED: { form: 'token', remedy: 'This is the user\'s tab; only tabs opened with browser.open can be closed, navigated or watched this way.' },
  TAB_TEARDOWN_FAILED: { form: 'token', remedy: 'The tab entry is gone but its view may still run; do not retry, tell the user.' },
  TIMEOUT: { form: 'token', remedy: 'The navigation did not finish in time; call browser_read.wait with the navigationId to get its outcome.' },
  NAVIGATION_SUPERSEDED: { form: 'token', remedy: 'A newer navigation replaced this one; wait on the newest ticket or read the page.' },
  ATTACHMENT_ONCE_INSUFFICIENT: { form: 'token', remedy: 'An "Allow once" attachment covers a single read; ask the user to allow until the next navigation.' },
  INVALID_URL: { form: 'token', remedy: 'Pass an absolute http or https URL.' },
  URL_BLOCKED: { form: 'token', remedy: 'Loopback, private network and internal addresses are never opened; use a public URL.' },
  TAB_NOT_FOUND: { form: 'token', remedy: 'Call session.get_state for the open browser tabs, or open one with browser.open.' },
  ACT_REFUSED: { form: 'token', remedy: 'The act was refused for the reason in structuredContent (ambiguous, covered, hidden, …); read the page and choose a precise target.' },
  SCRIPT_ERROR: { form: 'token', remedy: 'The script threw or returned a value JSON cannot encode; fix the script and return plain data.' },
  WORKFLOW_INVALID: { form: 'token', remedy: 'Fix the workflow source or inputs at the reported line, giving every declared input and no others.' },
  SESSION_NOT_FOUND: { form: 'token', remedy: 'No session is stored under this handle; save one with browser.session_save first.' },
  ORIGIN_MISMATCH: { form: 'token', remedy: 'A session only loads onto a page of the origin it was saved from; navigate there first.' },
  KEYCHAIN_LOCKED: { form: 'token', remedy: 'The operating system\'s keychain is locked; ask the user to unlock it (log in to the desktop session or unlock the login keyring), then retry.' },
  KEYCHAIN_UNAVAILABLE: { form: 'token', remedy: 'No OS keychain is reachable for saved sign-ins; ask the user to run `vmark doctor`, which says how to set one up, then retry.' },
  SESSION_STORE_SHARED: { form: 'token', remedy: 'Saved sign-ins go only into an AI tab\'s own cookie store; ask the user for the Sandbox posture with VMark allowed in incognito, and use a Sandbox tab.' },
  PROFILE_UNAVAILABLE: { form: 'token', remedy: 'Named profiles need the Sandbox posture and VMark allowed in incognito; ask the user, or open without profile.' },
  PROFILE_IN_USE: { form: 'token', remedy: 'The incognito cookie store is in use (other Sandbox tabs, another profile, or the user\'s incognito window); close your other Sandbox tabs or wait, then retry.' },
  ALREADY_RECORDING: { form: 'token', remedy: 'This tab is being recorded already; finish that recording with browser.workflow_record recordOp "stop" before starting another.' },
  NOT_RECORDING: { form: 'token', remedy: 'Nothing is being recorded on this tab; start a recording with browser.workflow_record recordOp "start" first.' },
  PAGE_CRASHED: { form: 'token', remedy: 'The tab\'s page crashed and no longer runs; load it again with browser.navigate on the same tabId (a person\'s tab: ask them to reload it), or open a new tab with browser.open.' },
  PAGE_LOAD_FAILED: { form: 'token', remedy: 'The tab\'s last navigation failed (too many redirects, unreachable address, …) and it shows the browser\'s error page; navigate elsewhere with browser.navigate on the same tabId (a person\'s tab: ask them), or open a new tab with browser.open.' },
} as const satisfies Record<string, ErrorCodeInfo>;

export type BrowserToken = keyof typeof BROWSER_TOKENS;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}

export function isBrowserToken(value: unknown): value is BrowserToken {
  return typeof value === 'string' && Object.hasOwn(BROWSER_TOKENS, value);
}
