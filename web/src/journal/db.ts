import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction, type StoreNames } from 'idb';

/** One replacement: `insert` takes the place of `[from, to)` of the text before. */
export interface TextChange {
  from: number;
  to: number;
  insert: string;
}

/**
 * A journal entry as IndexedDB keeps it. The texts are not stored whole with every entry (that made
 * a one-word AI edit of a 5 MB document write 10 MB): the text before is either a stored text or
 * the text after the previous entry of the same document, and the change is one replacement.
 */
export interface StoredJournalEntry {
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
  /** Where the text before the change is kept: a record of `journalTexts`, or the text after an earlier entry of this document. */
  before?: { textId: string } | { afterEntry: string };
  /** Entries since the last stored text along the `afterEntry` links (bounded, so rebuilding a text stays cheap). */
  chain?: number;
  /** What the change did to the text before; null until it is applied. */
  change?: TextChange | null;
  /**
   * The change the call is about to make, stored when the same transaction also made the tab's
   * unsaved buffer (or its file) hold the text after it: from then on the write is durable, and an
   * entry left `recorded` with it is applied (see `isApplied`) unless it is later marked not applied.
   */
  intended?: TextChange;
  /** Entries written before version 3 hold both texts themselves. */
  contentBefore?: string;
  contentAfter?: string | null;
  state: 'recorded' | 'applied' | 'not-applied';
  reviewed: boolean;
  at: number;
}

/** A journal entry with both texts rebuilt, as the history panel and the end-to-end tests read it. */
export interface JournalEntry extends Omit<StoredJournalEntry, 'contentBefore' | 'contentAfter'> {
  contentBefore: string;
  contentAfter: string | null;
}

export interface JournalText {
  id: string;
  text: string;
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

/** A change typed into an unsaved buffer after its base text (`UnsavedBuffer.content`), replayed in `seq` order. */
export interface BufferChange {
  tabId: string;
  seq: number;
  change: TextChange;
}

/** The review comments of a document kept in IndexedDB (Scratch and untitled documents), in the file format. */
export interface StoredComments {
  docKey: string;
  text: string;
}

interface VMarkDb extends DBSchema {
  journal: { key: string; value: StoredJournalEntry; indexes: { byDoc: [string, number] } };
  journalTexts: { key: string; value: JournalText };
  history: { key: string; value: HistorySnapshot; indexes: { byDoc: [string, number] } };
  buffers: { key: string; value: UnsavedBuffer };
  bufferChanges: { key: [string, number]; value: BufferChange };
  comments: { key: string; value: StoredComments };
}

export type Db = IDBPDatabase<VMarkDb>;
export type VMarkStore = StoreNames<VMarkDb>;
/** A readwrite transaction over some of the stores, for writes that must land together with another one. */
export type WriteTx = IDBPTransaction<VMarkDb, VMarkStore[], 'readwrite'>;

/** Writes another part of the app adds to a transaction, so both land or neither does. */
export interface Alongside {
  stores: VMarkStore[];
  write(tx: WriteTx): void;
}

/**
 * Whether an entry's change is in the document: completed, or recorded with the change it was
 * about to make (the record made that change durable; the window ended before it was completed).
 */
export const isApplied = (entry: Pick<StoredJournalEntry, 'state' | 'intended'>): boolean =>
  entry.state === 'applied' || (entry.state === 'recorded' && entry.intended !== undefined);

let opening: Promise<Db> | null = null;

export function openVMarkDb(): Promise<Db> {
  // each version only adds: an upgrade from an older one keeps the stores it already has
  opening ??= openDB<VMarkDb>('vmark', 4, {
    upgrade(db, oldVersion) {
      if (oldVersion < 1) {
        db.createObjectStore('journal', { keyPath: 'id' }).createIndex('byDoc', ['docKey', 'seq']);
        db.createObjectStore('history', { keyPath: 'id' }).createIndex('byDoc', ['docKey', 'at']);
        db.createObjectStore('buffers', { keyPath: 'tabId' });
      }
      if (oldVersion < 2) db.createObjectStore('comments', { keyPath: 'docKey' });
      if (oldVersion < 3) db.createObjectStore('journalTexts', { keyPath: 'id' });
      if (oldVersion < 4) db.createObjectStore('bufferChanges', { keyPath: ['tabId', 'seq'] });
    },
  });
  return opening;
}
