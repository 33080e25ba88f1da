import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export interface JournalEntry {
  id: string;
  /** One document per file (two windows on one file share it); untitled tabs are `untitled:<tabId>`. */
  docKey: string;
  seq: number;
  tabId: string;
  tool: string;
  action: string;
  client: string;
  connectionId: string;
  addresses: string[];
  revisionBefore: string;
  revisionAfter: string | null;
  contentBefore: string;
  contentAfter: string | null;
  state: 'recorded' | 'applied' | 'not-applied';
  reviewed: boolean;
  at: number;
}

export interface HistorySnapshot {
  id: string;
  docKey: string;
  at: number;
  /** `mcp` snapshots are AI saves: never merged, never skipped for size. */
  kind: 'save' | 'auto' | 'mcp' | 'restore';
  content: string;
  addresses: string[];
  journalEntryId: string | null;
}

export interface UnsavedBuffer {
  tabId: string;
  /** The editor window that owns the tab; its Web Lock is held while the window lives. */
  windowInstance: string;
  kind: 'markdown' | 'yaml-workflow';
  workspaceRoot: string | null;
  docKey: string;
  filePath: string | null;
  title: string;
  content: string;
  savedContent: string;
  at: number;
}

/** The review comments of a document kept in IndexedDB (Scratch and untitled documents), in the file format. */
export interface StoredComments {
  docKey: string;
  text: string;
}

interface VMarkDb extends DBSchema {
  journal: { key: string; value: JournalEntry; indexes: { byDoc: [string, number] } };
  history: { key: string; value: HistorySnapshot; indexes: { byDoc: [string, number] } };
  buffers: { key: string; value: UnsavedBuffer };
  comments: { key: string; value: StoredComments };
}

export type Db = IDBPDatabase<VMarkDb>;

let opening: Promise<Db> | null = null;

export function openVMarkDb(): Promise<Db> {
  // each version only adds: an upgrade from an older one keeps the stores it already has
  opening ??= openDB<VMarkDb>('vmark', 2, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('journal', { keyPath: 'id' }).createIndex('byDoc', ['docKey', 'seq']);
        db.createObjectStore('history', { keyPath: 'id' }).createIndex('byDoc', ['docKey', 'at']);
        db.createObjectStore('buffers', { keyPath: 'tabId' });
      }
      if (oldVersion < 2) db.createObjectStore('comments', { keyPath: 'docKey' });
    },
  });
  return opening;
}
