import { createContext, useContext, useSyncExternalStore } from 'react';
import type { ExtensionConnection } from '../mcp/connection';
import type { FolderApprovals } from '../state/folderApprovals';
import type { AgentJournal } from '../journal/agentJournal';
import type { CommentStore } from '../comments/commentStore';
import type { DocSnapshot } from '../comments/docComments';
import type { WindowStore } from '../state/store';
import type { WindowModel } from '../state/types';

export interface Services {
  store: WindowStore;
  connection: ExtensionConnection;
  approvals: FolderApprovals;
  journal: AgentJournal;
  comments: CommentStore;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const services = useContext(ServicesContext);
  if (!services) throw new Error('ServicesContext is missing');
  return services;
}

export function useModel(): WindowModel {
  const { store } = useServices();
  return useSyncExternalStore(store.subscribeView, store.getSnapshot);
}

export function useConnectionState(): ExtensionConnection['state'] {
  const { connection } = useServices();
  return useSyncExternalStore(
    (l) => connection.subscribe(l),
    () => connection.state,
  );
}

/** One document's comments as the UI shows them; undefined until they start loading. */
export function useComments(docKey: string): DocSnapshot | undefined {
  const { comments } = useServices();
  return useSyncExternalStore(comments.subscribe, () => comments.snapshot(docKey));
}
