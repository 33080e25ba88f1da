import { describe, expect, it } from 'vitest';
import { BROWSER_TOKENS, ERROR_CODES, isBrowserToken, isErrorCode } from './codes';

/** CONTRACT §11.1 (error table) and §11.2 (codes named elsewhere), with their seed form. */
const CONTRACT_CODES: Record<string, 'envelope' | 'string'> = {
  STALE: 'envelope',
  INVALID_PATCH: 'envelope',
  INVALID_TAB: 'envelope',
  INVALID_PATH: 'envelope',
  APPROVAL_REQUIRED: 'envelope',
  BUSY: 'envelope',
  JOURNAL_BUSY: 'envelope',
  WRITE_BUSY: 'string',
  TIMEOUT: 'string',
  STALE_PARENT: 'envelope',
  JOURNAL_DEGRADED: 'envelope',
  JOURNAL_UNAVAILABLE: 'envelope',
  INVALID_TEXT: 'envelope',
  REVIEW_BACKLOG_FULL: 'envelope',
  ABORTED: 'envelope',
  NOT_WORKFLOW: 'envelope',
  READ_ONLY: 'envelope',
  NO_EDITOR: 'envelope',
  INTERNAL: 'envelope',
  STALE_COMMENT: 'envelope',
  INVALID_COMMENT: 'envelope',
  COMMENT_NOT_ALLOWED: 'envelope',
  COMMENT_LIMIT: 'envelope',
  INVALID_ADDRESSES: 'envelope',
};

/** CONTRACT §11.3: every browser token the seed names. */
const CONTRACT_TOKENS = [
  'BROWSER_DISABLED',
  'STALE_COMMAND',
  'NOT_GRANTED',
  'EVAL_TIMEOUT',
  'TAB_LIMIT',
  'RUN_NOT_FOUND',
  'TAB_NOT_AI_OWNED',
  'TAB_TEARDOWN_FAILED',
  'TIMEOUT',
  'NAVIGATION_SUPERSEDED',
  'ATTACHMENT_ONCE_INSUFFICIENT',
];

describe('error codes', () => {
  it('ERR §11.1 §11.2 every seed code is in ERROR_CODES with its form, and nothing else', () => {
    expect(Object.fromEntries(Object.entries(ERROR_CODES).map(([code, info]) => [code, info.form]))).toEqual(CONTRACT_CODES);
  });

  it('ERR-04 §11.3 every named browser token is a token-form entry', () => {
    for (const token of CONTRACT_TOKENS) expect(BROWSER_TOKENS, token).toHaveProperty(token);
    for (const info of Object.values(BROWSER_TOKENS)) expect(info.form).toBe('token');
  });

  it('COH-09 BRR-WAIT-06 TIMEOUT is a string for coherence and a token for the browser', () => {
    expect(ERROR_CODES.TIMEOUT.form).toBe('string');
    expect(BROWSER_TOKENS.TIMEOUT.form).toBe('token');
  });

  it('every remedy is one English sentence', () => {
    for (const [code, info] of [...Object.entries(ERROR_CODES), ...Object.entries(BROWSER_TOKENS)]) {
      expect(info.remedy, code).toMatch(/^[A-Z][^\n]*\.$/);
      expect(info.remedy.slice(0, -1), code).not.toMatch(/[.!?] [A-Z]/);
    }
  });

  it('isErrorCode and isBrowserToken recognise only table entries', () => {
    expect(isErrorCode('STALE')).toBe(true);
    expect(isErrorCode('NOT_GRANTED')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isBrowserToken('NOT_GRANTED')).toBe(true);
    expect(isBrowserToken('STALE')).toBe(false);
  });
});
