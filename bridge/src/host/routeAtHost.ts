import { folderOf, isByFolder, ownerOf } from '@vmark/shared/tools/ownerTable';
import { textFailure, type CallOutcome } from '@vmark/shared/protocol/outcome';
import { workspacePlace } from '../coherence/workspaceKernels';
import { HOST_ACTIONS } from './actions';
import type { HostAction } from './actions/defineHostAction';

export type HostRoute = { kind: 'here'; handler: HostAction } | { kind: 'refused'; outcome: CallOutcome } | { kind: 'forward' };

/**
 * The owner table at the host: a 'host' action is answered here; a BY_FOLDER action here when its
 * workspace is a native folder this host serves, refused when its workspace_root is malformed, and
 * otherwise passed on to the extension (which sends it to the editor holding that workspace).
 */
export function routeAtHost(tool: string, action: string, args: Record<string, unknown>): HostRoute {
  const owner = ownerOf(tool, action);
  const handler = HOST_ACTIONS.get(`${tool}.${action}`);
  if (owner === 'host') {
    return handler ? { kind: 'here', handler } : { kind: 'refused', outcome: textFailure(`${tool}.${action} is not available in this vmark version; update vmark and retry.`) };
  }
  if (!isByFolder(owner) || !handler) return { kind: 'forward' };
  const place = workspacePlace(folderOf(args));
  if (place.kind === 'invalid') return { kind: 'refused', outcome: textFailure(place.message) };
  return place.kind === 'native' ? { kind: 'here', handler } : { kind: 'forward' };
}
