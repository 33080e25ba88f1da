import { DomainErrorException, journalBusy, journalDegraded, journalUnavailable } from '@vmark/shared';
import { emptyCommentFile, isLive, isOpen, type CommentFile } from '@vmark/shared/lib/comments/index';
import { CommentIo, withDocLock } from './commentIo';
import { UnreadableComments, type CommentStorage } from './commentStorage';
import { DocComments, type CommentChange, type DocSnapshot } from './docComments';
import { isWithin } from '@vmark/shared/lib/paths/index';

/** How long after a failed store the person's comment changes are tried again. */
export const COMMENT_RETRY_MS = 1_000;

const NO_THREADS: ReadonlySet<string> = new Set();

/**
 * The review comments of every document this window has open. The person's changes show at once
 * and are stored in the background (retried until they land); an AI change is stored before it
 * shows, or refused with the journal refusals and nothing changes. Windows share the stored state
 * through a Web Lock per document and tell each other over BroadcastChannel.
 */
export class CommentStore {
  readonly io = new CommentIo();
  private readonly docs = new Map<string, DocComments>();
  private readonly listeners = new Set<() => void>();
  private readonly agentWriting = new Set<string>();
  /** The person's not-yet-stored changes of renamed documents, by their new key, until those load. */
  private readonly carried = new Map<string, CommentChange[]>();
  private readonly channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('vmark-comments');

  constructor() {
    if (this.channel) this.channel.onmessage = (event: MessageEvent<{ docKey: string }>) => this.reload(event.data.docKey);
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  snapshot(docKey: string): DocSnapshot | undefined {
    return this.docs.get(docKey)?.snapshot;
  }

  /**
   * Starts loading a document's comments (once); later calls return the same promise. A load that
   * failed for lack of storage (not for a broken file) is tried again by the next call.
   */
  track(docKey: string, storage: CommentStorage): Promise<void> {
    const known = this.docs.get(docKey);
    if (known && !(known.status === 'unreadable' && known.retryLoad)) return known.loading;
    const doc = known ?? new DocComments(docKey, storage);
    this.docs.set(docKey, doc);
    doc.loading = this.io.load(doc.storage).then(
      (file) => {
        doc.persisted = file ?? emptyCommentFile(doc.storage.doc);
        doc.status = 'ready';
        doc.problem = null;
        const carried = this.carried.get(docKey);
        this.carried.delete(docKey);
        if (carried) {
          doc.pending.push(...carried);
          this.enqueue(doc, () => this.flush(doc));
        }
        const text = doc.waitingText;
        doc.waitingText = null;
        if (text === null) this.updated(doc);
        else this.setText(docKey, text);
      },
      (error: Error) => {
        // never overwritten: the person can repair or remove a broken file, and reopen the document
        doc.status = 'unreadable';
        doc.problem = error.message;
        doc.retryLoad = !(error instanceof UnreadableComments);
        this.updated(doc);
      },
    );
    return doc.loading;
  }

  /**
   * An untitled document was saved under a name: its threads move along (they would be lost under
   * the old key). Runs once the new document's comments are loaded.
   */
  async move(fromKey: string, toKey: string): Promise<void> {
    const from = this.docs.get(fromKey);
    const to = this.docs.get(toKey);
    if (!from || !to || from === to) return;
    await to.loading;
    const moving = from.snapshot.file.threads.filter(isLive);
    if (moving.length === 0) return;
    this.change(toKey, (file) => {
      const fresh = moving.filter((t) => !file.threads.some((known) => known.id === t.id));
      if (fresh.length === 0) return file;
      const seq = file.seq + 1;
      return { ...file, seq, threads: [...file.threads, ...fresh.map((t) => ({ ...t, gen: seq }))] };
    });
  }

  /**
   * The file or folder at `from` was renamed: once every change waiting for a document in it is
   * stored, `move` moves the stored comments, and this window forgets those documents so their new
   * paths load the moved files.
   */
  async renamed(from: string, to: string, move: () => Promise<void>): Promise<void> {
    const affected = [...this.docs.values()].filter((d) => isWithin(from, d.docKey));
    await Promise.all(affected.map((d) => d.queue));
    await move();
    for (const doc of affected) {
      this.docs.delete(doc.docKey);
      // changes storage refused so far go with the document, not back to the old place
      if (doc.pending.length > 0) this.carried.set(to + doc.docKey.slice(from.length), doc.pending);
      doc.pending = [];
    }
  }

  whenLoaded(): Promise<void> {
    return Promise.all([...this.docs.values()].map((d) => d.loading)).then(() => undefined);
  }

  /** Ids an edit may name in `addresses`: threads of this document that are neither deleted nor resolved. */
  openThreads(docKey: string): ReadonlySet<string> {
    const file = this.docs.get(docKey)?.snapshot.file;
    return file ? new Set(file.threads.filter(isOpen).map((t) => t.id)) : NO_THREADS;
  }

  /** For the history: what became of a thread an edit answered. */
  threadStatus(docKey: string, id: string): 'live' | 'deleted' | 'unknown' {
    const thread = this.docs.get(docKey)?.snapshot.file.threads.find((t) => t.id === id);
    return !thread ? 'unknown' : isLive(thread) ? 'live' : 'deleted';
  }

  /** The document's text changed: anchors follow, and threads whose quote changed or vanished are stored as changed. */
  setText(docKey: string, text: string): void {
    const doc = this.docs.get(docKey);
    if (!doc) return;
    if (doc.status !== 'ready') {
      // placed once the comments are loaded
      doc.waitingText = text;
      return;
    }
    const changes = doc.follow(text);
    if (changes.length > 0) this.change(docKey, (file) => changes.reduce((f, c) => c(f), file));
    else this.updated(doc);
  }

  /** No tab shows the document any more: keep its comments, not its whole text. */
  forgetText(docKey: string): void {
    this.docs.get(docKey)?.forgetText();
  }

  /** A change by the person: shown at once, stored in the background. Returns a problem to show, or null. */
  change(docKey: string, change: CommentChange): string | null {
    const doc = this.docs.get(docKey);
    if (!doc || doc.status === 'loading') return 'The comments of this document are still loading.';
    if (doc.status === 'unreadable') return doc.problem;
    doc.pending.push(change);
    this.updated(doc);
    this.enqueue(doc, () => this.flush(doc));
    return null;
  }

  /**
   * An AI change: JOURNAL_DEGRADED while the person's changes wait to be stored, JOURNAL_BUSY while
   * another AI change of this document is being stored (here or in another window), JOURNAL_UNAVAILABLE
   * when storage fails. `change` sees the latest stored state and may throw a refusal; nothing is
   * stored then. Returns what was stored.
   */
  async commit(docKey: string, change: CommentChange): Promise<CommentFile> {
    const doc = this.docs.get(docKey);
    if (!doc || doc.status !== 'ready') {
      throw new DomainErrorException(journalUnavailable(`The comments of this document cannot be read${doc?.problem ? ` (${doc.problem})` : ''}; nothing was changed.`));
    }
    if (doc.degraded) throw new DomainErrorException(journalDegraded('The person\'s last comment change is still waiting to be stored; nothing was changed. Retry in a few seconds.'));
    if (this.agentWriting.has(docKey)) throw new DomainErrorException(journalBusy('Another AI change of this document\'s comments is being stored; nothing was changed. Retry shortly.'));
    this.agentWriting.add(docKey);
    try {
      return await new Promise<CommentFile>((resolve, reject) => this.enqueue(doc, () => this.commitNow(doc, change).then(resolve, reject)));
    } finally {
      this.agentWriting.delete(docKey);
    }
  }

  private async commitNow(doc: DocComments, change: CommentChange): Promise<CommentFile> {
    if (doc.degraded) throw new DomainErrorException(journalDegraded('The person\'s last comment change is still waiting to be stored; nothing was changed. Retry in a few seconds.'));
    return withDocLock(doc.docKey, 'if-available', async (held) => {
      if (!held) throw new DomainErrorException(journalBusy('Another window is storing a change of this document\'s comments; nothing was changed. Retry shortly.'));
      const unavailable = (error: unknown) =>
        new DomainErrorException(journalUnavailable(`The comments could not be stored (${(error as Error).message}); nothing was changed.`));
      const latest = await this.io.load(doc.storage).catch((error: unknown) => Promise.reject(unavailable(error)));
      const pendingCount = doc.pending.length;
      const base = doc.pending.reduce((f, c) => c(f), latest ?? emptyCommentFile(doc.storage.doc));
      const next = change(base);
      if (next === base && pendingCount === 0) return base;
      const stored = doc.withPlaces(next);
      await this.io.save(doc.storage, stored).catch((error: unknown) => Promise.reject(unavailable(error)));
      doc.persisted = stored;
      doc.pending = doc.pending.slice(pendingCount);
      this.updated(doc, true);
      return stored;
    });
  }

  private async flush(doc: DocComments): Promise<void> {
    const count = doc.pending.length;
    if (count === 0) return;
    try {
      await withDocLock(doc.docKey, 'wait', async () => {
        const latest = (await this.io.load(doc.storage)) ?? emptyCommentFile(doc.storage.doc);
        const next = doc.withPlaces(doc.pending.slice(0, count).reduce((f, c) => c(f), latest));
        if (next !== latest) await this.io.save(doc.storage, next);
        doc.persisted = next;
        doc.pending = doc.pending.slice(count);
      });
      doc.degraded = false;
      this.updated(doc, true);
    } catch {
      doc.degraded = true;
      this.updated(doc);
      if (!doc.retrying) {
        doc.retrying = true;
        setTimeout(() => {
          doc.retrying = false;
          this.enqueue(doc, () => this.flush(doc));
        }, COMMENT_RETRY_MS);
      }
    }
  }

  /** Another window stored a change: take the stored state (this window's unstored changes stay on top). */
  private reload(docKey: string): void {
    const doc = this.docs.get(docKey);
    if (!doc || doc.status !== 'ready') return;
    this.enqueue(doc, async () => {
      const latest = await this.io.load(doc.storage).catch(() => null);
      if (!latest || latest.seq === doc.persisted.seq) return;
      doc.persisted = latest;
      this.updated(doc);
    });
  }

  private enqueue(doc: DocComments, step: () => Promise<void>): void {
    doc.queue = doc.queue.then(step, step).catch(() => undefined);
  }

  private updated(doc: DocComments, broadcast = false): void {
    doc.refresh();
    if (broadcast) this.channel?.postMessage({ docKey: doc.docKey });
    for (const listener of this.listeners) listener();
  }
}
