import type { HostAction } from './defineHostAction';
import { claimsAction } from './coherence/claims';
import { contextsAction } from './coherence/contexts';
import { edgesAction } from './coherence/edges';
import { statusAction } from './coherence/status';
import { resolveAction } from './coherenceResolve/resolve';

/** The actions the host answers itself, keyed `tool.action`; the owner table says when (see routeAtHost). */
export const HOST_ACTIONS: ReadonlyMap<string, HostAction> = new Map(
  [statusAction, edgesAction, claimsAction, contextsAction, resolveAction].map((handler) => [`${handler.tool}.${handler.action}`, handler]),
);
