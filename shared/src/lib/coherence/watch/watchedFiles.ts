import { timers } from '../kernel/errors';
import { SKIPPED_FOLDERS, type FileStat, type WalkDelta } from '../ledger/storage';

/** The folder the cookies are written into. */
export const COOKIE_DIR = '.vmark/cache';
/** How long a walk waits for its cookie to come back before it looks at every file instead. */
const COOKIE_WAIT_MS = 500;
/** How long a settle() spares the next walk its cookie (the walk of the same call comes well within it). */
const SETTLED_FOR_MS = 1_000;
/** A monotonic clock in milliseconds (Node and browsers alike). */
const now = (): number => (globalThis as unknown as { performance: { now(): number } }).performance.now();

/**
 * What the watched files need of the platform: a watch of the workspace and the files under it
 * (workspace-relative, `/`-separated paths). The host implements it over inotify, the editor's
 * worker over FileSystemObserver.
 */
export interface WatchSource {
  /**
   * Starts watching. `report` hears the paths that changed (a cookie's as `.vmark/cache/<name>`),
   * 'all' when changes were lost. Resolves whether the watch is in place, 'unsupported' where this
   * platform has none (never asked again).
   */
  start(report: (paths: string[] | 'all') => void): Promise<boolean | 'unsupported'>;
  stop(): void;
  /** The documents at or under a folder ('' for the root), skipping the folders a walk never enters. */
  walk(folder: string): Promise<FileStat[]>;
  /** A document's stat data, 'folder' for a folder, null when it is gone or not a document. */
  stat(path: string): Promise<FileStat | 'folder' | null>;
  /** Writes a cookie into `.vmark/cache/` and returns the name its report carries; null when it cannot (no `.vmark/`). */
  writeCookie(round: number): Promise<string | null>;
  /** The round trip of a cookie ended (a source that made a file for it removes it). */
  cookieDone?(name: string): void;
  /** The folder at `path` was removed or replaced (or is looked at again): stop watching it and what is under it. */
  forgetFolder?(path: string): void;
}

export interface WatchLimits {
  /** More changed paths than this between two walks: a full walk is cheaper than one look each. */
  maxDirty?: number;
  /** This many reports between two walks mean some may have been dropped (an event queue's size): a full walk. */
  maxReports?: number;
}

/**
 * The workspace's documents with their stat data, kept current by a watch, so a walk after a small
 * change looks only at the paths that changed, like git's FSMonitor; the one core of the host's
 * `watchedTree.ts` (inotify) and the editor worker's `observedTree.ts` (FileSystemObserver).
 *
 * A walk first writes a cookie file into `.vmark/cache/` and waits until the watch reports it:
 * reports arrive in the order the changes were made, so every change made before the walk began
 * has then been seen. A lost change ('all', the workspace folder itself replaced, too many
 * reports), a watch that could not start, a cookie that does not come back in time, or a workspace
 * without `.vmark/` make the next walk look at every file; a platform without a watch always walks
 * in full.
 */
export class WatchedFiles {
  private readonly files = new Map<string, FileStat>();
  private dirty = new Set<string>();
  private reports = 0;
  private active = false;
  /** The files cannot be trusted: the next walk is a full one. */
  private broken = true;
  private unsupported = false;
  /** Cookie names reported while a round trip waits (null: none waits). */
  private cookiesSeen: Set<string> | null = null;
  private cookieHeard: (() => void) | null = null;
  private cookieRound = 0;
  /** Round trips one after the other: each must be answered by the report of its own cookie. */
  private rounds: Promise<unknown> = Promise.resolve();
  /** Counts watches started: reports of one already stopped are dropped. */
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
    private readonly source: WatchSource,
    private readonly limits: WatchLimits = {},
    /** Hears every reported path under `.vmark/` (outside the cache folder), and undefined when the watch lost track. */
    private readonly onMetaChange: (path?: string) => void = () => undefined,
  ) {}

  /** Whether the watch is in place and has lost nothing since the last full walk. */
  get watching(): boolean {
    return this.active && !this.broken;
  }

  async walk(): Promise<FileStat[]> {
    const fresh = this.settledAt !== null && now() - this.settledAt < SETTLED_FOR_MS;
    this.settledAt = null;
    const settled = fresh || (this.watching && (await this.settled()));
    if (settled && this.watching && this.dirty.size <= (this.limits.maxDirty ?? Infinity)) {
      const dirty = this.dirty;
      this.dirty = new Set();
      this.reports = 0;
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
    this.settledAt = settled ? now() : null;
    return settled;
  }

  /** Stops the watch (the next walk is a full one and starts it again). */
  close(): void {
    if (this.active) this.source.stop();
    this.active = false;
    this.broken = true;
    this.onMetaChange();
  }

  private async full(): Promise<FileStat[]> {
    this.close();
    this.delta = null;
    this.dirty = new Set();
    this.reports = 0;
    if (!this.unsupported) {
      const epoch = ++this.epoch;
      // changes made while the watch starts may be missed: the walk below comes after it
      const started = await this.source.start((paths) => epoch === this.epoch && this.reported(paths));
      if (started === 'unsupported') this.unsupported = true;
      this.active = started !== 'unsupported';
      this.broken = started !== true;
    }
    const found = await this.source.walk('');
    this.files.clear();
    for (const file of found) this.files.set(file.path, file);
    this.examined = found.length;
    return found;
  }

  private lost(): void {
    this.broken = true;
    this.onMetaChange();
  }

  private reported(paths: string[] | 'all'): void {
    if (paths === 'all') return this.lost();
    // so many that the queue may have overflowed; the paths still count (a cookie ends its round at once)
    if (++this.reports >= (this.limits.maxReports ?? Infinity)) this.lost();
    for (const path of paths) {
      // '': the workspace folder itself was removed or replaced
      if (path === '') this.lost();
      else if (path.startsWith(`${COOKIE_DIR}/`) && this.cookiesSeen) {
        this.cookiesSeen.add(path.slice(COOKIE_DIR.length + 1));
        this.cookieHeard?.();
      } else if (path === '.vmark' || path.startsWith('.vmark/')) this.onMetaChange(path);
      else if (!path.split('/').slice(0, -1).some((s) => SKIPPED_FOLDERS.has(s))) this.dirty.add(path);
    }
  }

  /** Writes the cookie and waits for its report: true when every earlier change has been reported. */
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
      name = await this.source.writeCookie(++this.cookieRound);
    } catch {
      name = null;
    }
    let ok = false;
    if (name !== null) {
      const awaited = name;
      let timer: unknown;
      ok = await new Promise<boolean>((resolve) => {
        this.cookieHeard = () => seen.has(awaited) && resolve(true);
        this.cookieHeard();
        timer = timers.setTimeout(() => resolve(false), COOKIE_WAIT_MS);
      });
      timers.clearTimeout(timer);
      this.source.cookieDone?.(awaited);
    }
    this.cookiesSeen = null;
    this.cookieHeard = null;
    // a report that did not come in time may still come: the full walk that follows watches anew
    if (!ok) this.broken = true;
    return ok && this.watching;
  }

  /** Brings one reported path up to date: a document, a folder (walked again) or something gone. */
  private async refresh(path: string, touched: Set<string>): Promise<void> {
    const stat = await this.source.stat(path);
    const prefix = `${path}/`;
    // a folder appeared, vanished or was replaced: forget what was under it and look again
    for (const file of this.files.keys()) {
      if (file.startsWith(prefix)) {
        this.files.delete(file);
        touched.add(file);
      }
    }
    if (stat === 'folder' || stat === null) this.source.forgetFolder?.(path);
    if (stat === 'folder') {
      if (SKIPPED_FOLDERS.has(path.slice(path.lastIndexOf('/') + 1))) return;
      for (const file of await this.source.walk(path)) {
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
