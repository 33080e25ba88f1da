import { SKIPPED_FOLDERS, type FileStat, type WalkDelta } from '@vmark/shared/lib/coherence/index';

/** How long a walk waits for its cookie to come back before it looks at every file instead. */
const COOKIE_WAIT_MS = 500;
/** More changed paths than this between two walks: a full walk is cheaper than one look each. */
const MAX_DIRTY = 2_000;
export const COOKIE_DIR = '.vmark/cache';
/** How long a settle() spares the next walk its cookie (the walk of the same call comes well within it). */
const SETTLED_FOR_MS = 1_000;

/** What the tree needs of the storage under it (workspace-relative, `/`-separated paths). */
export interface TreeAccess {
  /** The documents at or under a folder ('' for the root), skipping the folders a walk never enters. */
  walk(folder: string): Promise<FileStat[]>;
  /** A document's stat data, 'folder' for a folder, null when it is gone or not a document. */
  stat(path: string): Promise<FileStat | 'folder' | null>;
  /**
   * Creates the cookie file in `.vmark/cache/` if it is missing (nothing when `.vmark/` does not
   * exist). Called before the watch starts, so its creation is never reported.
   */
  prepareCookie(name: string): Promise<void>;
  /**
   * Writes a cookie into `.vmark/cache/` and returns the name its record carries: `name` itself,
   * written in place where a sync access handle on it can be had (one record a write), else a new
   * file `name-<round>` (removed afterwards); null when `.vmark/` or (in place) the cookie is missing.
   */
  writeCookie(name: string, round: number): Promise<string | null>;
}

/**
 * Starts watching the tree (FileSystemObserver): paths are workspace-relative, 'all' when changes
 * were lost; `onObserving` hears whether the watch is in place. Null where there is no watch.
 */
export type StartWatch = (onChange: (paths: string[] | 'all') => void, onObserving: (observing: boolean) => void) => (() => void) | null;

/**
 * The workspace's documents with their stat data, kept current by a FileSystemObserver, so a walk
 * after a small change looks only at the paths that changed (the editor's counterpart of the
 * host's `watchedTree.ts`).
 *
 * A walk first writes a cookie file into `.vmark/cache/` and waits until the watch reports it:
 * records arrive in the order the changes were made, so every change made before the walk began
 * has then been seen. "unknown"/"errored" records, a watch that could not start, a cookie that does
 * not come back in time, or a workspace without `.vmark/` make the next walk look at every file; a
 * browser without FileSystemObserver always walks in full.
 */
export class ObservedTree {
  private readonly files = new Map<string, FileStat>();
  private dirty = new Set<string>();
  private stop: (() => void) | null = null;
  /** The cache cannot be trusted: the next walk is a full one. */
  private broken = true;
  private unsupported = false;
  /** This tree's cookie in `.vmark/cache/`, written once per round trip. */
  private readonly cookie = `watch-${Math.random().toString(36).slice(2, 10)}`;
  /** Cookie names reported while a round trip waits (null: none waits). */
  private cookiesSeen: Set<string> | null = null;
  private cookieHeard: (() => void) | null = null;
  private cookieRound = 0;
  /** Round trips one after the other: each must be answered by the record of its own write. */
  private rounds: Promise<unknown> = Promise.resolve();
  /** Counts observations: records of one already stopped are dropped. */
  private epoch = 0;
  /**
   * When settle() last saw its cookie come back: the walk that follows in the same call need not
   * write one. Consumed by that walk; a settle whose call ended without a walk (an error) goes stale.
   */
  private settledAt: number | null = null;
  private delta: WalkDelta | null = null;
  /** Files the last walk examined (every document, or those the watch reported). */
  examined = 0;

  constructor(
    private readonly access: TreeAccess,
    private readonly startWatch: StartWatch,
    /** Hears every reported path under `.vmark/` (outside the cache folder), and undefined when the watch lost track. */
    private readonly onMetaChange: (path?: string) => void = () => undefined,
  ) {}

  /** Whether the watch is in place and has lost nothing since the last full walk. */
  get watching(): boolean {
    return this.stop !== null && !this.broken;
  }

  async walk(): Promise<FileStat[]> {
    const fresh = this.settledAt !== null && performance.now() - this.settledAt < SETTLED_FOR_MS;
    this.settledAt = null;
    const settled = fresh || (this.watching && (await this.settled()));
    if (settled && this.watching && this.dirty.size <= MAX_DIRTY) {
      const dirty = this.dirty;
      this.dirty = new Set();
      const touched = new Set<string>();
      for (const path of dirty) await this.refresh(path, touched);
      if (this.watching) {
        this.delta = { changed: [], removed: [] };
        for (const path of touched) {
          const file = this.files.get(path);
          if (file) this.delta.changed.push(file);
          else this.delta.removed.push(path);
        }
        this.examined = touched.size;
        return [...this.files.values()];
      }
    }
    return this.full();
  }

  /** What the last walk saw change since the one before, or null when it was a full walk. */
  lastDelta(): WalkDelta | null {
    return this.delta;
  }

  /**
   * Waits until the watch has reported every change made before this call; the next walk then
   * trusts it without a cookie of its own. False when it cannot tell (the next walk is full).
   */
  async settle(): Promise<boolean> {
    const settled = this.watching && (await this.settled());
    this.settledAt = settled ? performance.now() : null;
    return settled;
  }

  close(): void {
    this.stop?.();
    this.stop = null;
    this.broken = true;
    this.onMetaChange();
  }

  private async full(): Promise<FileStat[]> {
    this.close();
    this.delta = null;
    this.dirty = new Set();
    if (!this.unsupported) {
      await this.access.prepareCookie(this.cookie).catch(() => undefined);
      let observing!: (ok: boolean) => void;
      const ready = new Promise<boolean>((resolve) => (observing = resolve));
      const epoch = ++this.epoch;
      this.stop = this.startWatch(
        (paths) => epoch === this.epoch && this.reported(paths),
        (ok) => observing(ok),
      );
      if (this.stop === null) this.unsupported = true;
      // changes made while the observation starts may be missed: the walk below comes after it
      else this.broken = !(await ready);
    }
    const found = await this.access.walk('');
    this.files.clear();
    for (const file of found) this.files.set(file.path, file);
    this.examined = found.length;
    return found;
  }

  private reported(paths: string[] | 'all'): void {
    if (paths === 'all') {
      this.broken = true;
      this.onMetaChange();
      return;
    }
    for (const path of paths) {
      if (path === '') {
        // the workspace folder itself was removed or replaced
        this.broken = true;
        this.onMetaChange();
        continue;
      }
      const segments = path.split('/');
      if (segments[0] === '.vmark') {
        if (path.startsWith(`${COOKIE_DIR}/`) && this.cookiesSeen) {
          this.cookiesSeen.add(path.slice(COOKIE_DIR.length + 1));
          this.cookieHeard?.();
        }
        else this.onMetaChange(path);
        continue;
      }
      if (segments.slice(0, -1).some((s) => SKIPPED_FOLDERS.has(s))) continue;
      this.dirty.add(path);
    }
  }

  /** Writes the cookie and waits for its record: true when every earlier change has been reported. */
  private settled(): Promise<boolean> {
    const round = this.rounds.then(() => this.roundTrip());
    this.rounds = round;
    return round;
  }

  private async roundTrip(): Promise<boolean> {
    const seen = new Set<string>();
    this.cookiesSeen = seen;
    let name: string | null = null;
    try {
      name = await this.access.writeCookie(this.cookie, ++this.cookieRound);
    } catch {
      name = null;
    }
    let ok = false;
    if (name !== null) {
      const awaited = name;
      let timer: ReturnType<typeof setTimeout> | undefined;
      ok = await new Promise<boolean>((resolve) => {
        this.cookieHeard = () => seen.has(awaited) && resolve(true);
        this.cookieHeard();
        timer = setTimeout(() => resolve(false), COOKIE_WAIT_MS);
      });
      clearTimeout(timer);
    }
    this.cookiesSeen = null;
    this.cookieHeard = null;
    // a record that did not come in time may still come: the full walk that follows watches anew
    if (!ok) this.broken = true;
    return ok && this.watching;
  }

  /** Brings one reported path up to date: a document, a folder (walked again) or something gone. */
  private async refresh(path: string, touched: Set<string>): Promise<void> {
    const stat = await this.access.stat(path);
    const prefix = `${path}/`;
    // a folder appeared, vanished or was replaced: forget what was under it and look again
    for (const file of this.files.keys()) {
      if (file.startsWith(prefix)) {
        this.files.delete(file);
        touched.add(file);
      }
    }
    if (stat === 'folder') {
      if (SKIPPED_FOLDERS.has(path.slice(path.lastIndexOf('/') + 1))) return;
      for (const file of await this.access.walk(path)) {
        this.files.set(file.path, file);
        touched.add(file.path);
      }
      return;
    }
    if (stat) this.files.set(path, stat);
    else if (!this.files.delete(path)) return;
    touched.add(path);
  }
}
