import { WatchedFiles, type FileStat, type WalkDelta } from '@vmark/shared/lib/coherence/index';

/** More changed paths than this between two walks: a full walk is cheaper than one look each. */
const MAX_DIRTY = 2_000;

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
export type StartWatch = (onChange: (paths: string[] | 'all', modifiedOnly?: ReadonlySet<string>) => void, onObserving: (observing: boolean) => void) => (() => void) | null;

/**
 * Hears a reported path under `.vmark/` (outside the cache folder's cookies), and undefined when the
 * watch lost track. `modifiedOnly`: its records said it was only written to, so its folders still
 * hold it (what is remembered of them stays).
 */
export type MetaChange = (path?: string, modifiedOnly?: boolean) => void;

/**
 * The workspace's documents with their stat data, kept current by a FileSystemObserver, so a walk
 * after a small change looks only at the paths that changed: the editor's adapter of the watch core
 * `WatchedFiles` (shared with the host's `watchedTree.ts`, over inotify).
 *
 * The observer watches the whole tree. Its cookie is one file in `.vmark/cache/`, made before the
 * watch starts (so its creation is never reported) and written in place each round where a sync
 * access handle can be had; "unknown"/"errored" records count as lost changes; a browser without
 * FileSystemObserver always walks in full.
 */
export class ObservedTree {
  private readonly core: WatchedFiles;
  /** This tree's cookie in `.vmark/cache/`, written once per round trip. */
  private readonly cookie = `watch-${Math.random().toString(36).slice(2, 10)}`;
  private stop: (() => void) | null = null;
  /** While a batch of records is handed to the core: its paths that were only written to. */
  private modifiedOnly: ReadonlySet<string> | null = null;

  constructor(
    private readonly access: TreeAccess,
    private readonly startWatch: StartWatch,
    onMetaChange: MetaChange = () => undefined,
  ) {
    this.core = new WatchedFiles(
      {
        start: async (report) => {
          await this.access.prepareCookie(this.cookie).catch(() => undefined);
          let observing!: (ok: boolean) => void;
          const ready = new Promise<boolean>((resolve) => (observing = resolve));
          this.stop = this.startWatch(
            (paths, modifiedOnly) => {
              this.modifiedOnly = modifiedOnly ?? null;
              try {
                report(paths);
              } finally {
                this.modifiedOnly = null;
              }
            },
            (ok) => observing(ok),
          );
          return this.stop === null ? 'unsupported' : ready;
        },
        stop: () => {
          this.stop?.();
          this.stop = null;
        },
        walk: (folder) => this.access.walk(folder),
        stat: (path) => this.access.stat(path),
        writeCookie: (round) => this.access.writeCookie(this.cookie, round),
      },
      { maxDirty: MAX_DIRTY },
      (path) => onMetaChange(path, path !== undefined && this.modifiedOnly?.has(path) === true),
    );
  }

  /** Whether the watch is in place and has lost nothing since the last full walk. */
  get watching(): boolean {
    return this.core.watching;
  }

  /** Files the last walk examined (every document, or those the watch reported). */
  get examined(): number {
    return this.core.examined;
  }

  walk(): Promise<FileStat[]> {
    return this.core.walk();
  }

  /** What the last walk saw change since the one before, or null when it was a full walk. */
  lastDelta(): WalkDelta | null {
    return this.core.lastDelta();
  }

  /**
   * Waits until the watch has reported every change made before this call; the next walk then
   * trusts it without a cookie of its own. False when it cannot tell (the next walk is full).
   */
  settle(): Promise<boolean> {
    return this.core.settle();
  }

  close(): void {
    this.core.close();
  }
}
