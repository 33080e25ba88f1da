import type { HostToExtension } from '@vmark/shared';
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

const PING_TIMEOUT_MS = 1_500;
const pings = new Map<string, () => void>();

export function settlePing(message: HostToExtension): void {
  if (message.type === 'pong') pings.get(message.id)?.();
}

/** A live ping to the host: the popup never shows a cached state. */
export async function hostStatus(native: NativePort, editors: EditorPorts): Promise<Status> {
  const labels = editors.list().map((w) => w.label);
  const id = `p${Date.now()}${Math.random()}`;
  const started = performance.now();
  const answered = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
    pings.set(id, () => {
      clearTimeout(timer);
      resolve(true);
    });
    if (!native.send({ type: 'ping', id })) {
      clearTimeout(timer);
      resolve(false);
    }
  });
  pings.delete(id);
  return {
    host: answered ? 'connected' : 'not-connected',
    hostVersion: answered ? native.hostVersion : null,
    roundTripMs: answered ? Math.round(performance.now() - started) : null,
    error: answered ? null : (native.lastError ?? 'the host did not answer'),
    editors: labels,
  };
}
