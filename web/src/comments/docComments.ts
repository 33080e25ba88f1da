import { emptyCommentFile, isLive, placeAnchor, reanchor, setAnchor, type AnchorPlace, type CommentFile } from '@vmark/shared/lib/comments/index';
import type { CommentStorage } from './commentStorage';

/** A change of one document's comments, applied to the latest stored state when it is stored. */
export type CommentChange = (file: CommentFile) => CommentFile;

/** What the UI and the MCP handlers see of one document's comments (immutable; replaced on change). */
export interface DocSnapshot {
  docKey: string;
  status: 'loading' | 'ready' | 'unreadable';
  problem: string | null;
  /** The stored comments with the person's not-yet-stored changes applied. */
  file: CommentFile;
  /** Where each live thread is in `text` right now. */
  places: ReadonlyMap<string, AnchorPlace>;
  /** The document text the places refer to. */
  text: string | null;
  /** The person's changes could not be stored yet; retried in the background. */
  unsaved: boolean;
}

/** The state of one document's comments in this window. */
export class DocComments {
  status: DocSnapshot['status'] = 'loading';
  problem: string | null = null;
  persisted: CommentFile;
  pending: CommentChange[] = [];
  degraded = false;
  retrying = false;
  /** The last load failed for lack of storage, not for a broken file: loading again may work. */
  retryLoad = false;
  /** The latest document text given while the comments were not loaded yet. */
  waitingText: string | null = null;
  /** Every read-modify-store of this document in this window runs through here, one after another. */
  queue: Promise<void> = Promise.resolve();
  loading: Promise<void> = Promise.resolve();
  private places = new Map<string, AnchorPlace>();
  private text: string | null = null;
  snapshot: DocSnapshot;

  constructor(
    readonly docKey: string,
    readonly storage: CommentStorage,
  ) {
    this.persisted = emptyCommentFile(storage.doc);
    this.snapshot = this.build(this.persisted);
  }

  /** Recomputes the view after a change and places threads that have no place yet. */
  refresh(): void {
    const file = this.pending.reduce((f, change) => change(f), this.persisted);
    const live = new Set<string>();
    for (const thread of file.threads) {
      if (!isLive(thread)) continue;
      live.add(thread.id);
      const place = this.places.get(thread.id);
      // a thread new here, or re-quoted in another window, is looked for from its stored anchor
      if (this.text !== null && (!place || place.anchor.quote !== thread.anchor.quote)) this.places.set(thread.id, placeAnchor(this.text, thread.anchor));
    }
    for (const id of [...this.places.keys()]) if (!live.has(id)) this.places.delete(id);
    this.snapshot = this.build(file);
  }

  /**
   * The document text changed: every place follows the edit. Returns the threads whose quote changed
   * or that became detached or attached, as changes to store (they are changes of those threads).
   */
  follow(text: string): CommentChange[] {
    const previous = this.text;
    this.text = text;
    for (const [id, place] of this.places) this.places.set(id, previous === null ? placeAnchor(text, place.anchor) : reanchor(previous, text, place));
    this.refresh();
    const changes: CommentChange[] = [];
    for (const thread of this.snapshot.file.threads) {
      const place = this.places.get(thread.id);
      if (!place || !isLive(thread)) continue;
      const moved = place.detached !== thread.detached || (!place.detached && place.anchor.quote !== thread.anchor.quote);
      if (moved) changes.push((f) => setAnchor(f, thread.id, place.anchor, place.detached));
    }
    return changes;
  }

  /** The document was closed: its text is let go (anchors are placed from their stored form when it opens again). */
  forgetText(): void {
    this.text = null;
    this.waitingText = null;
    this.snapshot = { ...this.snapshot, text: null };
  }

  /** Stores the current offsets and context as hints with any write (no new generation for those). */
  withPlaces(file: CommentFile): CommentFile {
    let out = file;
    for (const [id, place] of this.places) {
      const thread = out.threads.find((t) => t.id === id);
      if (thread && !place.detached && !thread.detached && thread.anchor.quote === place.anchor.quote) out = setAnchor(out, id, place.anchor, false);
    }
    return out;
  }

  private build(file: CommentFile): DocSnapshot {
    return {
      docKey: this.docKey,
      status: this.status,
      problem: this.problem,
      file,
      places: new Map(this.places),
      text: this.text,
      unsaved: this.degraded,
    };
  }
}
