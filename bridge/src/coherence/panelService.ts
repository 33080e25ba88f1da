import { KernelService, isPanelMethod } from '@vmark/shared/lib/coherence/index';
import type { HostServiceOp } from '@vmark/shared';
import { ServiceError } from '../host/serviceError';
import { kernelAt, workspacePlace } from './workspaceKernels';

type PanelOp = Extract<HostServiceOp, { op: 'coherence.panel' }>;

/**
 * A native folder's Coherence panel, served by the host: the panel's method runs on the same kernel
 * (from the registry) that capture on host writes and the MCP coherence tools use, so all three see
 * one ledger state. Only a workspace root this host serves is answered.
 */
export async function runPanelService(op: PanelOp): Promise<unknown> {
  if (!isPanelMethod(op.method)) throw new ServiceError('INVALID_REQUEST', `coherence.panel has no method ${String(op.method)}; the panel calls one of the KernelService panel methods`);
  if (!Array.isArray(op.args)) throw new ServiceError('INVALID_REQUEST', 'coherence.panel needs args as an array');
  const place = workspacePlace(op.root);
  if (place.kind === 'invalid') throw new ServiceError('INVALID_PATH', place.message);
  if (place.kind === 'elsewhere') {
    throw new ServiceError('NOT_SERVED', `${op.root} is not a folder this VMark host serves; open it as a native folder (\`vmark start --workspace ${op.root}\`) first`);
  }
  const service = new KernelService(await kernelAt(place.real));
  const method = service[op.method] as (...args: unknown[]) => Promise<unknown>;
  return method.apply(service, op.args);
}
