import type { Tab } from './types';

/** A clean, untitled markdown tab in source mode for unit tests; `fields` override any of it. */
export function testTab(fields: Partial<Tab> & Pick<Tab, 'id'>): Tab {
  return {
    workspaceInstanceId: null,
    filePath: null,
    title: fields.id,
    kind: 'markdown',
    content: '',
    savedContent: '',
    revision: 'rev-0',
    pinned: false,
    mode: 'source',
    readOnly: false,
    journalSeenAt: 0,
    diverged: false,
    conflict: null,
    ...fields,
  };
}
