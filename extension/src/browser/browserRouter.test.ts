import type { CallRequest } from '@vmark/shared';
import { describe, expect, it, vi } from 'vitest';

// the browser's own state is the boundary faked here; the router, the shared schemas and the error edge are real
vi.mock('./settings', () => ({ readSettings: async () => ({ enabled: true }) }));
vi.mock('./state/principals', () => ({ principalFor: async () => ({ aiPrincipal: {}, expired: [] }) }));
vi.mock('./state/browserState', () => ({ attachmentKey: () => '', updateBrowserState: async () => undefined }));
vi.mock('./principalLifecycle', () => ({ endPrincipal: async () => undefined }));
vi.mock('./resolveTarget', () => ({ isOutcome: () => false, resolveAiTab: async () => null, resolveReadable: async () => null }));
vi.mock('./actions', () => ({
  BROWSER_ACTIONS: new Map([
    [
      'browser_read.read',
      {
        tool: 'browser_read',
        action: 'read',
        needs: 'none',
        run: async () => {
          const error = new TypeError("Cannot read properties of undefined (reading 'frameId')");
          error.stack = `${error.message}\n    at read (chrome-extension://abc/background.js:1:2345)`;
          throw error;
        },
      },
    ],
  ]),
}));

const { routeBrowserCall } = await import('./browserRouter');

describe('routeBrowserCall', () => {
  it('ERR-07 answers a handler\'s unexpected error with the INTERNAL envelope, without its stack', async () => {
    const request: CallRequest = { type: 'call', id: 'x', tool: 'browser_read', action: 'read', args: {}, principal: { connectionId: 'c', clientName: 'n' } };
    const outcome = await routeBrowserCall(request);
    expect(outcome).toEqual({ kind: 'domain', error: { error: 'INTERNAL', message: expect.stringContaining("browser_read.read failed unexpectedly: Cannot read properties of undefined (reading 'frameId')") } });
    expect(JSON.stringify(outcome)).not.toContain('background.js');
  });
});
