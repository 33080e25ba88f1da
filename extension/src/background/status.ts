import { CallTracker, hopTimeoutMs, type HostToExtension } from '@vmark/shared';
import type { EditorPorts } from './editorPorts';
import type { NativePort } from './nativePort';

export interface StatusRequest {
  type: 'status';
}

export interface Status {
  host: 'connected' | 'not-connected';
  hostVersion: string | null;
  roundTripMs: number | null;
  error: string | null;
  editors: string[];
}

const pings = new CallTracker<boolean>('p');

export function settlePing(message: HostToExtension): void {
  if (message.type === 'pong') pings.settle(message.id, true);
}

/** The host went away: a ping waiting on it has its answer. */
export function endPings(): void {
  pings.endAll(() => false);
}

/** A live ping to the host: the popup never shows a cached state. */
export async function hostStatus(native: NativePort, editors: EditorPorts): Promise<Status> {
  const labels = editors.list().map((w) => w.label);
  const started = performance.now();
  const answered = await pings.open(
    { what: 'ping', timeoutMs: hopTimeoutMs('statusPing'), timedOut: () => false, unsent: () => false },
    (id) => native.send({ type: 'ping', id }),
  );
  return {
    host: answered ? 'connected' : 'not-connected',
    hostVersion: answered ? native.hostVersion : null,
    roundTripMs: answered ? Math.round(performance.now() - started) : null,
    error: answered ? null : (native.lastError ?? 'the host did not answer'),
    editors: labels,
  };
}
