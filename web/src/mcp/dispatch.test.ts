import type { CallRequest } from '@vmark/shared';
import { describe, expect, it, vi } from 'vitest';

// the handler registry is the boundary faked here: one handler that fails the way a bug would
vi.mock('./actions', () => ({
  ACTION_HANDLERS: new Map([
    [
      'session.get_state',
      {
        tool: 'session',
        action: 'get_state',
        needs: {},
        run: async () => {
          const error = new RangeError('Invalid array length');
          error.stack = `RangeError: Invalid array length\n    at report (http://127.0.0.1:5173/assets/index-abc.js:3:999)`;
          throw error;
        },
      },
    ],
  ]),
}));

const { dispatch } = await import('./dispatch');

describe('dispatch', () => {
  it('ERR-07 answers a handler\'s unexpected error with the INTERNAL envelope, without its stack', async () => {
    const request: CallRequest = { type: 'call', id: 'x', tool: 'session', action: 'get_state', args: {}, principal: { connectionId: 'c', clientName: 'n' } };
    const outcome = await dispatch({ store: { flush: () => undefined } } as unknown as Parameters<typeof dispatch>[0], request);
    expect(outcome).toEqual({ kind: 'domain', error: { error: 'INTERNAL', message: expect.stringContaining('session.get_state failed unexpectedly: Invalid array length') } });
    expect(JSON.stringify(outcome)).not.toContain('index-abc.js');
  });
});
