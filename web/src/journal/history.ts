import { randomBase62 } from '../lib/randomId';
import { openVMarkDb, type HistorySnapshot } from './db';

/** Automatic snapshots closer together than this are merged into one. */
export const AUTO_SNAPSHOT_MERGE_MS = 30_000;

export async function addSnapshot(snapshot: Omit<HistorySnapshot, 'id' | 'at'>): Promise<HistorySnapshot> {
  const db = await openVMarkDb();
  const full: HistorySnapshot = { ...snapshot, id: `hs-${randomBase62(12)}`, at: Date.now() };
  if (snapshot.kind === 'auto') {
    const previous = (await listSnapshots(snapshot.docKey)).at(-1);
    // only auto snapshots merge; manual and (mcp) ones always stand on their own
    if (previous?.kind === 'auto' && full.at - previous.at < AUTO_SNAPSHOT_MERGE_MS) {
      await db.put('history', { ...previous, content: full.content, at: full.at });
      return { ...previous, content: full.content, at: full.at };
    }
  }
  await db.put('history', full);
  return full;
}

export async function listSnapshots(docKey: string): Promise<HistorySnapshot[]> {
  const db = await openVMarkDb();
  return db.getAllFromIndex('history', 'byDoc', IDBKeyRange.bound([docKey, -Infinity], [docKey, Infinity]));
}
