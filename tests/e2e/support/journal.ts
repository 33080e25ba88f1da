import type { Page } from 'playwright-core';
import { testFaults } from '../../../web/src/lib/testFaults';

/** The journal's fault switches behind `window.vmarkDebug.faults.journal`. */
export type JournalFaults = Partial<typeof testFaults.journal>;

export async function injectFaults(page: Page, faults: JournalFaults): Promise<void> {
  await page.evaluate((faults) => {
    Object.assign((window as unknown as { vmarkDebug: { faults: { journal: JournalFaults } } }).vmarkDebug.faults.journal, faults);
  }, faults);
}

/** Every journal fault switched off, as the editor starts. */
const NO_JOURNAL_FAULTS = { ...testFaults.journal };

/** Switches every journal fault off again: for tests that share one editor page. */
export const resetJournalFaults = (page: Page): Promise<void> => injectFaults(page, NO_JOURNAL_FAULTS);

export interface StoredEntry {
  docKey: string;
  tool: string;
  action: string;
  state: 'recorded' | 'applied' | 'not-applied';
  contentBefore: string;
  contentAfter: string | null;
}

export interface StoredSnapshot {
  docKey: string;
  kind: 'save' | 'auto' | 'mcp' | 'restore';
  content: string;
  at: number;
}

/** All records of one IndexedDB store of the editor page (`journal` or `history`) for a document; none before the database exists. */
async function storedRecords<T>(page: Page, store: 'journal' | 'history', docKey: string): Promise<T[]> {
  return page.evaluate(
    async ({ store, docKey }) => {
      // opening a database that does not exist would create it empty and break the editor's own upgrade
      if (!(await indexedDB.databases()).some((db) => db.name === 'vmark')) return [];
      return new Promise((resolve, reject) => {
        const open = indexedDB.open('vmark');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains(store)) {
            db.close();
            resolve([]);
            return;
          }
          const all = db.transaction(store).objectStore(store).getAll();
          all.onsuccess = () => {
            db.close();
            const rows = (all.result as { docKey: string; seq?: number; at: number }[]).filter((r) => r.docKey === docKey);
            resolve(rows.sort((a, b) => (a.seq ?? a.at) - (b.seq ?? b.at)) as never);
          };
          all.onerror = () => reject(all.error);
        };
      });
    },
    { store, docKey },
  );
}

/** The agent edit journal entries of a document, oldest first, with both texts rebuilt by the journal (entries share texts in IndexedDB). */
export async function journalEntries(page: Page, docKey: string): Promise<StoredEntry[]> {
  return page.evaluate(async (docKey) => {
    if (!(await indexedDB.databases()).some((db) => db.name === 'vmark')) return [];
    const journal = (window as unknown as { vmarkDebug: { journal: { list(docKey: string): Promise<StoredEntry[]> } } }).vmarkDebug.journal;
    return journal.list(docKey);
  }, docKey);
}

/** The journal records of a document as IndexedDB holds them (texts not rebuilt, entries left recorded not settled), oldest first. */
export const storedJournalRecords = (page: Page, docKey: string) => storedRecords<{ state: StoredEntry['state'] }>(page, 'journal', docKey);

/** The history snapshots of a file, oldest first. */
export const historySnapshots = (page: Page, docKey: string) => storedRecords<StoredSnapshot>(page, 'history', docKey);
