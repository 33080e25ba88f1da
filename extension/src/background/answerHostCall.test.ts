import type { CallRequest } from '@vmark/shared';
import { describe, expect, it, vi } from 'vitest';
import { EditorPorts } from './editorPorts';

// the router's collaborators are the boundary here: routing a call fails the way a bug in it would
vi.mock('./router', () => ({
  routeCall: async () => {
    throw new TypeError("Cannot read properties of undefined (reading 'tabs')\n    at pickWindow (chrome-extension://abc/background.js:7:77)");
  },
}));

const { answerHostCall } = await import('./answerHostCall');

describe('answerHostCall', () => {
  it('ERR-07 answers a routing failure with the INTERNAL envelope, without its stack, instead of leaving the host waiting', async () => {
    const request: CallRequest = { type: 'call', id: 'h1', tool: 'document', action: 'read', args: {}, principal: { connectionId: 'c', clientName: 'n' } };
    const outcome = await answerHostCall(new EditorPorts(), request);
    expect(outcome).toEqual({ kind: 'domain', error: { error: 'INTERNAL', message: expect.stringContaining("document.read failed unexpectedly: Cannot read properties of undefined (reading 'tabs').") } });
    expect(JSON.stringify(outcome)).not.toContain('background.js');
  });
});
