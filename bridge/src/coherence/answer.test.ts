import { afterEach, describe, expect, it, vi } from 'vitest';
import { CALL_LIMIT_MS } from '@vmark/shared/lib/coherence/index';
import { answer } from './answer';

afterEach(() => {
  vi.useRealTimers();
});

describe('answer (host coherence actions)', () => {
  it('COH-09 COH-10 the whole call is limited, opening the kernel included: TIMEOUT as a plain string after 20 s; for a write the result is unknown, read again', async () => {
    vi.useFakeTimers();
    // a kernel that never finishes opening (a huge ledger replayed, a hung disk)
    const neverOpens = () => new Promise<never>(() => undefined);
    const edges = answer({ what: 'coherence.edges', isWrite: true }, neverOpens);
    const status = answer({ what: 'coherence.status', isWrite: false }, neverOpens);
    await vi.advanceTimersByTimeAsync(CALL_LIMIT_MS);
    expect(await edges).toEqual({
      kind: 'text',
      text: 'TIMEOUT: coherence.edges did not finish within 20 s and is still running, so its result is unknown; read the current state (coherence.status / edges) before retrying',
    });
    expect(await status).toEqual({ kind: 'text', text: 'TIMEOUT: coherence.status did not finish within 20 s; retry shortly' });
  });

  it('data is answered as it is', async () => {
    expect(await answer({ what: 'coherence.claims', isWrite: false }, async () => [])).toEqual({ kind: 'ok', data: [] });
  });
});
