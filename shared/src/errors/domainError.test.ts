import { describe, expect, it } from 'vitest';
import {
  DomainErrorException,
  type DomainError,
  aborted,
  internal,
  invalidPatch,
  invalidTab,
  isDomainError,
  refusal,
  stale,
  writeBusy,
} from './domainError';

describe('DomainError', () => {
  it('ERR-01 SEL-SET-10 stale carries current_revision under the wire names', () => {
    expect(stale('rev-currentNow')).toEqual({
      error: 'STALE',
      message: 'Document has changed since the last read',
      current_revision: 'rev-currentNow',
    });
  });

  it('DOC-WRITE-27 aborted carries its reason', () => {
    expect(aborted('composing')).toMatchObject({ error: 'ABORTED', reason: 'composing' });
    expect(aborted('selection').message).toContain('moved the selection');
  });

  it('DOC-WRITE-28 internal may carry applied, durable and current_revision', () => {
    expect(internal('editor crashed', { applied: true, durable: false, current_revision: 'rev-1' })).toEqual({
      error: 'INTERNAL',
      message: 'editor crashed',
      applied: true,
      durable: false,
      current_revision: 'rev-1',
    });
    expect(internal('boom')).toEqual({ error: 'INTERNAL', message: 'boom' });
  });

  it('WFL-PATCH-03 invalidPatch names the index', () => {
    expect(invalidPatch(2, 'patches[2]: bad')).toEqual({ error: 'INVALID_PATCH', message: 'patches[2]: bad', index: 2 });
  });

  it('ERR-08 invalidTab names the tab', () => {
    expect(invalidTab('tab-9')).toMatchObject({ error: 'INVALID_TAB', tabId: 'tab-9' });
  });

  it('isDomainError checks the code and the data the code requires', () => {
    expect(isDomainError(stale('rev-1'))).toBe(true);
    expect(isDomainError(writeBusy())).toBe(true);
    expect(isDomainError({ error: 'STALE', message: 'x' })).toBe(false);
    expect(isDomainError({ error: 'ABORTED', message: 'x', reason: 'bored' })).toBe(false);
    expect(isDomainError({ error: 'NOPE', message: 'x' })).toBe(false);
    expect(isDomainError('STALE')).toBe(false);
  });

  it('DomainErrorException carries the value', () => {
    const error: DomainError = stale('rev-2');
    const exception = new DomainErrorException(error);
    expect(exception).toBeInstanceOf(Error);
    expect(exception.domainError).toBe(error);
    expect(exception.message).toBe('STALE: Document has changed since the last read');
  });

  it('BRW-07 refusal keeps token, message and data', () => {
    expect(refusal('EVAL_TIMEOUT', 'script timed out', { detail: { indeterminate: true } })).toEqual({
      token: 'EVAL_TIMEOUT',
      message: 'script timed out',
      data: { detail: { indeterminate: true } },
    });
    expect(refusal('TAB_LIMIT', 'eight AI tabs are open')).toEqual({ token: 'TAB_LIMIT', message: 'eight AI tabs are open' });
  });
});
