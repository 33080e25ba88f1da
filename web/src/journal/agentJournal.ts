import { randomBase62 } from '../lib/randomId';
import { minimalChange } from '../lib/minimalChange';
import { isApplied, openVMarkDb, type Alongside, type Db, type JournalEntry, type StoredJournalEntry, type TextChange, type VMarkStore, type WriteTx } from './db';
import { rebuildTexts } from './rebuildTexts';
import { takeInjectedFailure, testFaults } from '../lib/testFaults';

/** How long a journal operation may take before the write is refused as JOURNAL_UNAVAILABLE. */
export const JOURNAL_TIMEOUT_MS = 2_000;
/** Unreviewed AI changes per document before writes are refused with REVIEW_BACKLOG_FULL. */
export const REVIEW_BACKLOG_LIMIT = 500;
const DURABILITY_RETRY_MS = 1_000;
/** IndexedDB errors that refuse an entry for good: retrying would fail the same way. */
const REJECTIONS = new Set(['ConstraintError', 'DataError', 'DataCloneError', 'QuotaExceededError']);
/** After this many entries that each point at the one before, the text before is stored whole again. */
export const MAX_CHAIN = 64;

export class JournalTimeout extends Error {}

/** A record started from a latest entry the document no longer has: it is aborted and made again from the one read. */
class GuessMissed extends Error {}

/** What a new entry takes from the document's latest one: its place in the sequence and the link of its text before. */
interface Link {
  id: string;
  seq: number;
  chain: number;
  /** The revision the entry's change led to, when it is applied with its change stored (its text after can be rebuilt). */
  appliedTo: string | null;
}

function linkOf(latest: StoredJournalEntry | null): Link | null {
  if (!latest) return null;
  const appliedTo = latest.state === 'applied' && latest.change != null ? latest.revisionAfter : null;
  return { id: latest.id, seq: latest.seq, chain: latest.chain ?? 0, appliedTo };
}

const sameLink = (a: Link | null, b: Link | null): boolean =>
  a === null || b === null ? a === b : a.id === b.id && a.seq === b.seq && a.chain === b.chain && a.appliedTo === b.appliedTo;

/** The Web Lock a window holds while it records a write to a document (two windows on one file share it). */
export const journalLockName = (docKey: string) => `vmark-journal:${docKey}`;

function withTimeout<T>(promise: Promise<T>, ms = JOURNAL_TIMEOUT_MS): Promise<T> {
  return Promise.race([promise, new Promise<T>((_, reject) => setTimeout(() => reject(new JournalTimeout('journal timed out')), ms))]);
}

export type NewEntry = Omit<JournalEntry, 'id' | 'seq' | 'revisionAfter' | 'contentAfter' | 'state' | 'reviewed' | 'at' | 'before' | 'chain' | 'change' | 'intended'>;

/** What an entry is stored as: without the texts it carries in memory. */
function stored(entry: JournalEntry): StoredJournalEntry {
  const { contentBefore: _before, contentAfter: _after, ...rest } = entry;
  return rest;
}

/**
 * The agent edit journal: every mutating MCP call is recorded here before the document changes,
 * then completed with what it wrote. Lives in IndexedDB, shared by all windows of the origin.
 */
export class AgentJournal {
  /** Completions that could not be persisted yet, retried in the background (docKey → entry). */
  private readonly undurable = new Map<string, JournalEntry>();
  private db: Db | null = null;
  /** Completions persisting behind their call's answer: `list` of this window waits for them. */
  private readonly landing = new Set<Promise<void>>();
  /**
   * Entries recorded with their intended change that this window knows are not applied: still in
   * flight (recorded, the change not made yet), or discarded or rejected with that not stored yet.
   * Listed as recorded here; elsewhere (another window, after a crash) such an entry is applied.
   */
  private readonly notApplied = new Set<string>();
  /**
   * The latest entry of each document as this window last stored it. Another window may have
   * appended since: a record that starts from it puts its writes at once, behind the read of the
   * real latest entry in the same transaction, and aborts when that read disagrees (one browser
   * round trip less than reading first, ~0.7 ms a write).
   */
  private readonly latestGuess = new Map<string, Link | null>();

  /** Unreviewed AI changes per document before REVIEW_BACKLOG_FULL. */
  backlogLimit = REVIEW_BACKLOG_LIMIT;

  private async open(): Promise<Db> {
    if (testFaults.journal.disabled) throw new Error('journal is disabled');
    this.db ??= await withTimeout(openVMarkDb());
    return this.db;
  }

  isDegraded(docKey: string): boolean {
    return this.undurable.has(docKey);
  }

  async latest(docKey: string): Promise<StoredJournalEntry | null> {
    const db = await this.open();
    const range = IDBKeyRange.bound([docKey, -Infinity], [docKey, Infinity]);
    const cursor = await withTimeout(db.transaction('journal').store.index('byDoc').openCursor(range, 'prev'));
    return cursor?.value ?? null;
  }

  /** Unreviewed counts per document, counted once from the store and then kept up to date (entries hold whole documents). */
  private readonly unreviewed = new Map<string, number>();

  async unreviewedCount(docKey: string): Promise<number> {
    const known = this.unreviewed.get(docKey);
    if (known !== undefined) return known;
    const db = await this.open();
    let count = 0;
    let cursor = await withTimeout(db.transaction('journal').store.index('byDoc').openCursor(IDBKeyRange.bound([docKey, -Infinity], [docKey, Infinity])));
    while (cursor) {
      if (isApplied(cursor.value) && !cursor.value.reviewed) count++;
      cursor = await cursor.continue();
    }
    this.unreviewed.set(docKey, count);
    return count;
  }

  private countChange(docKey: string, delta: number): void {
    const known = this.unreviewed.get(docKey);
    if (known !== undefined) this.unreviewed.set(docKey, Math.max(0, known + delta));
  }

  /** The entries of a document, oldest first, with the texts before and after each rebuilt. */
  async list(docKey: string): Promise<JournalEntry[]> {
    await Promise.all([...this.landing]);
    const db = await this.open();
    const entries = await db.getAllFromIndex('journal', 'byDoc', IDBKeyRange.bound([docKey, -Infinity], [docKey, Infinity]));
    return rebuildTexts(entries, async (id) => (await db.get('journalTexts', id))?.text, this.notApplied);
  }

  /**
   * Step 1: persist what the document held before the change. When the document is still what the
   * previous entry of this tab left, the entry points at that one instead of storing the text again.
   * `check` sees the document's latest entry inside the same transaction and may refuse (throw):
   * nothing is recorded then. One transaction, not a read and then a write.
   * `intended` (the change the call is about to make) is stored only with `alongside`: the writes
   * that make the document's restorable text hold the text after it, in the same transaction.
   */
  async record(entry: NewEntry, check?: (latest: StoredJournalEntry | null) => void, intended?: { change: TextChange; alongside: Alongside }): Promise<JournalEntry> {
    const guess = this.latestGuess.get(entry.docKey);
    if (guess !== undefined) {
      try {
        return await this.recordOnce(entry, check, intended, guess);
      } catch (error) {
        if (!(error instanceof GuessMissed)) throw error;
      }
    }
    return this.recordOnce(entry, check, intended, undefined);
  }

  private async recordOnce(
    entry: NewEntry,
    check: ((latest: StoredJournalEntry | null) => void) | undefined,
    intended: { change: TextChange; alongside: Alongside } | undefined,
    guess: Link | null | undefined,
  ): Promise<JournalEntry> {
    const db = await this.open();
    const tx: WriteTx = db.transaction<VMarkStore[], 'readwrite'>(['journal', 'journalTexts', ...(intended?.alongside.stores ?? [])], 'readwrite');
    let id = '';
    const put = (latest: Link | null): JournalEntry => {
      const linked = latest !== null && latest.appliedTo === entry.revisionBefore && latest.chain < MAX_CHAIN;
      id = `je-${randomBase62(12)}`;
      const full: JournalEntry = {
        ...entry,
        id,
        seq: (latest?.seq ?? 0) + 1,
        revisionAfter: null,
        contentAfter: null,
        before: linked ? { afterEntry: latest.id } : { textId: id },
        chain: linked ? latest.chain + 1 : 0,
        change: null,
        ...(intended ? { intended: intended.change } : {}),
        state: 'recorded',
        reviewed: false,
        at: Date.now(),
      };
      // a failure shows in tx.done (and an aborted record fails every put)
      if (!linked) tx.objectStore('journalTexts').put({ id, text: entry.contentBefore }).catch(() => undefined);
      tx.objectStore('journal').put(stored(full)).catch(() => undefined);
      intended?.alongside.write(tx);
      return full;
    };
    const write = async (): Promise<JournalEntry> => {
      const range = IDBKeyRange.bound([entry.docKey, -Infinity], [entry.docKey, Infinity]);
      const reading = tx.objectStore('journal').index('byDoc').openCursor(range, 'prev');
      // from the guess, the writes are queued behind the read; it runs first, and they cannot commit before its answer is checked
      const guessed = guess === undefined ? null : put(guess);
      const latest = (await reading)?.value ?? null;
      if (guess !== undefined && !sameLink(guess, linkOf(latest))) {
        id = '';
        throw new GuessMissed();
      }
      try {
        check?.(latest);
      } catch (refusal) {
        // aborted before it could land
        id = '';
        throw refusal;
      }
      const full = guessed ?? put(linkOf(latest));
      await tx.done;
      return full;
    };
    let full: JournalEntry;
    try {
      full = await withTimeout(write());
    } catch (error) {
      void tx.done.catch(() => undefined);
      try {
        tx.abort();
      } catch {
        // already finished or aborted
      }
      // a transaction that timed out may still have landed: its entry is marked not applied
      if (intended && id) this.markNotApplied({ ...entry, id } as JournalEntry, null);
      this.latestGuess.delete(entry.docKey);
      throw error;
    }
    if (intended) this.notApplied.add(full.id);
    this.latestGuess.set(entry.docKey, linkOf(full));
    return full;
  }

  /**
   * The call was refused after recording (ABORTED, or the editor failed before changing anything):
   * the entry stays as evidence, marked not applied. An entry recorded with its intended change is
   * marked together with `alongside` (the writes that take the text back out of the unsaved
   * buffer); until that lands, this window lists it as not applied and retries in the background.
   */
  async discard(entry: JournalEntry, alongside: Alongside | null = null): Promise<void> {
    if (entry.intended) this.notApplied.add(entry.id);
    try {
      await this.storeNotApplied(entry, alongside);
      this.notApplied.delete(entry.id);
    } catch (error) {
      if (entry.intended) this.markNotApplied(entry, alongside);
      throw error;
    }
  }

  private async storeNotApplied(entry: JournalEntry, alongside: Alongside | null): Promise<void> {
    const db = await this.open();
    const tx: WriteTx = db.transaction<VMarkStore[], 'readwrite'>(['journal', ...(alongside?.stores ?? [])], 'readwrite');
    const write = async () => {
      // only a recorded entry: a transaction that timed out may never have stored it
      const current = await tx.objectStore('journal').get(entry.id);
      if (current?.state === 'recorded') void tx.objectStore('journal').put({ ...current, state: 'not-applied' });
      alongside?.write(tx);
      await tx.done;
    };
    await withTimeout(write());
  }

  /** Retries marking an entry not applied until it lands; this window lists it so meanwhile. */
  private markNotApplied(entry: JournalEntry, alongside: Alongside | null): void {
    this.notApplied.add(entry.id);
    setTimeout(() => {
      this.storeNotApplied(entry, alongside).then(
        () => this.notApplied.delete(entry.id),
        () => this.markNotApplied(entry, alongside),
      );
    }, DURABILITY_RETRY_MS);
  }

  /**
   * Step 2: what the change wrote (`change`: the replacement, when the editor knows it; otherwise it
   * is found by comparing the texts). Returns whether that is durable; if not, it is retried in the background.
   */
  async complete(entry: JournalEntry, revisionAfter: string, contentAfter: string, change: TextChange = minimalChange(entry.contentBefore, contentAfter)): Promise<boolean> {
    const { intended: _intended, ...rest } = entry;
    const done: JournalEntry = { ...rest, revisionAfter, contentAfter, change, state: 'applied' };
    this.notApplied.delete(entry.id);
    this.countChange(entry.docKey, 1);
    try {
      if (takeInjectedFailure(testFaults.journal, 'rejectCompletions')) {
        throw new DOMException('injected rejection of the entry', 'DataError');
      }
      if (takeInjectedFailure(testFaults.journal, 'failCompletions')) {
        throw new Error('injected persistence failure');
      }
      const db = await this.open();
      await withTimeout(db.put('journal', stored(done)));
      if (this.latestGuess.get(entry.docKey)?.id === done.id) this.latestGuess.set(entry.docKey, linkOf(stored(done)));
      return true;
    } catch (error) {
      if (error instanceof DOMException && REJECTIONS.has(error.name)) {
        // refused for good: the change stays applied, logged as not recorded, and the next write runs normally
        this.countChange(entry.docKey, -1);
        if (entry.intended) this.notApplied.add(entry.id);
        console.warn(`VMark: journal entry ${entry.id} (${entry.tool}.${entry.action}) was rejected and is not recorded: ${error.message}`);
        return false;
      }
      this.undurable.set(entry.docKey, done);
      this.retryLater(done);
      return false;
    }
  }

  /**
   * Step 2 of an entry recorded with its intended change, which the editor made exactly: the write
   * is durable already (the record holds the change, the unsaved buffer the text after), so the
   * completion only adds the revision after it and persists behind the call's answer. Resolves when
   * it has landed (or gone to the background retry, as `complete`'s failures do).
   */
  completeBehind(entry: JournalEntry, revisionAfter: string, contentAfter: string): Promise<void> {
    if (takeInjectedFailure(testFaults.journal, 'dropCompletions')) {
      this.notApplied.delete(entry.id);
      return Promise.resolve();
    }
    const landed = this.complete(entry, revisionAfter, contentAfter, entry.intended).then(() => undefined);
    this.landing.add(landed);
    void landed.finally(() => this.landing.delete(landed));
    return landed;
  }

  private retryLater(entry: JournalEntry): void {
    setTimeout(async () => {
      try {
        const db = await this.open();
        await withTimeout(db.put('journal', stored(entry)));
        if (this.undurable.get(entry.docKey) === entry) this.undurable.delete(entry.docKey);
      } catch {
        this.retryLater(entry);
      }
    }, DURABILITY_RETRY_MS);
  }

  async markReviewed(id: string): Promise<void> {
    const db = await this.open();
    const entry = await db.get('journal', id);
    if (!entry || entry.reviewed) return;
    await db.put('journal', { ...entry, reviewed: true });
    if (isApplied(entry)) this.countChange(entry.docKey, -1);
  }
}
