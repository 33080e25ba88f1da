import { describe, expect, it } from 'vitest';
import { errorSummary, unexpectedFailure } from './unexpected';

describe('unexpectedFailure', () => {
  it('ERR-07 is the INTERNAL envelope with only error and message, naming what failed and what to do next', () => {
    const outcome = unexpectedFailure('document.read', new TypeError("Cannot read properties of undefined (reading 'content')"));
    expect(outcome).toEqual({ kind: 'domain', error: { error: 'INTERNAL', message: expect.any(String) } });
    const { message } = (outcome as { error: { message: string } }).error;
    expect(message).toContain("document.read failed unexpectedly: Cannot read properties of undefined (reading 'content')");
    expect(message).toMatch(/read the current state before retrying/);
  });

  it('carries nothing of the stack trace, even when the message itself holds one', () => {
    const error = new Error('boom');
    error.stack = 'Error: boom\n    at run (/home/me/vmark/web/src/mcp/actions/document/read.ts:12:3)';
    const withTrace = new Error('bad state\n    at Object.<anonymous> (/srv/app/x.js:1:1)\n    at next (/srv/app/y.js:2:2)');
    for (const e of [error, withTrace]) {
      const { message } = (unexpectedFailure('browser.open', e) as { error: { message: string } }).error;
      expect(message).not.toMatch(/\.(ts|js):\d+/);
      expect(message).not.toMatch(/\n/);
    }
    expect(errorSummary(withTrace)).toBe('bad state');
    expect(errorSummary('Error: x at f (/a/b.js:3:4)')).toBe('Error: x');
  });

  it('summarises thrown non-errors and caps long messages', () => {
    expect(errorSummary(undefined)).toBe('undefined');
    expect(errorSummary({ toString: () => { throw new Error('no'); } })).toBe('object');
    expect(errorSummary(new Error(''))).toBe('no detail');
    const long = errorSummary(new Error('x'.repeat(5_000)));
    expect(long.length).toBe(300);
    expect(long.endsWith('…')).toBe(true);
  });
});
