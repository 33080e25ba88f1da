import { openVMarkDb } from './db';

/** The byDoc keys of one path, or of everything under it when it is a folder. */
function ranges(path: string): IDBKeyRange[] {
  return [IDBKeyRange.bound([path, -Infinity], [path, Infinity]), IDBKeyRange.bound([`${path}/`, -Infinity], [`${path}/\uffff`, Infinity])];
}

/**
 * A file or folder renamed in VMark keeps its past: history snapshots and recorded AI changes move
 * to the new path. AI changes continue after any the new path already has, so their order holds.
 */
export async function moveDocumentRecords(from: string, to: string): Promise<void> {
  const db = await openVMarkDb();
  const tx = db.transaction(['history', 'journal'], 'readwrite');
  const renamed = (docKey: string) => to + docKey.slice(from.length);

  for (const range of ranges(from)) {
    let cursor = await tx.objectStore('history').index('byDoc').openCursor(range);
    while (cursor) {
      await cursor.update({ ...cursor.value, docKey: renamed(cursor.value.docKey) });
      cursor = await cursor.continue();
    }
  }

  const journal = tx.objectStore('journal');
  const nextSeq = new Map<string, number>();
  for (const range of ranges(from)) {
    let cursor = await journal.index('byDoc').openCursor(range);
    while (cursor) {
      const docKey = renamed(cursor.value.docKey);
      if (!nextSeq.has(docKey)) {
        const latest = await journal.index('byDoc').openCursor(IDBKeyRange.bound([docKey, -Infinity], [docKey, Infinity]), 'prev');
        nextSeq.set(docKey, (latest?.value.seq ?? 0) + 1);
      }
      const seq = nextSeq.get(docKey)!;
      nextSeq.set(docKey, seq + 1);
      await cursor.update({ ...cursor.value, docKey, seq });
      cursor = await cursor.continue();
    }
  }
  await tx.done;
}
