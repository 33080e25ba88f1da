import fs from 'node:fs';
import path from 'node:path';
import { COOKIE_DIR, isDocumentName, SKIPPED_FOLDERS, WatchedFiles, type FileStat, type WalkDelta, type WatchSource } from '@vmark/shared/lib/coherence/index';

/** Above this many folders the tree is not watched (inotify watches are a per-user budget). */
const MAX_WATCHED_DIRS = 4_000;

function queueLimit(): number {
  try {
    return Number(fs.readFileSync('/proc/sys/fs/inotify/max_queued_events', 'utf8').trim()) || 16_384;
  } catch {
    return 16_384;
  }
}

/**
 * The workspace's documents with their stat data, kept current by an inotify watch on every folder
 * (Linux), so a walk after a small change stats only the paths that changed: the host's adapter of
 * the watch core `WatchedFiles` (shared with the editor worker's `observedTree.ts`).
 *
 * Each folder is watched before it is read. The events of one inotify instance arrive in order, so
 * the cookie (a new file in `.vmark/cache/` per round, removed afterwards) proves every earlier one
 * arrived. A queue overflow is not reported by libuv, but an overflow means a full queue was
 * delivered first, so that many events since the last walk count as "anything may have changed".
 * Without `.vmark/` (no cookie is written into a workspace VMark never wrote into), on other
 * platforms, when a watch fails, or with more folders than it may watch, the walk stats every file.
 */
export class WatchedTree {
  private readonly core: WatchedFiles;
  /** Watched folder (relative, '' for the root) → its watcher. */
  private readonly watchers = new Map<string, fs.FSWatcher>();
  private cookieWatcher: fs.FSWatcher | null = null;
  private report: ((paths: string[] | 'all') => void) | null = null;
  private cookieSeq = 0;
  /** Too many folders, or a watch could not be added (the inotify budget): walk in full from now on. */
  private gaveUp = false;

  constructor(
    private readonly root: string,
    private readonly watch: boolean = process.platform === 'linux',
    private readonly maxFolders: number = MAX_WATCHED_DIRS,
  ) {
    const source: WatchSource = {
      start: async (report) => {
        if (!this.watch || this.gaveUp) return 'unsupported';
        // without `.vmark/` nothing is watched: no cookie could prove the events complete
        if (!this.startCookieWatch(report)) return false;
        this.report = report;
        return true;
      },
      stop: () => this.stopWatching(),
      walk: async (folder) => {
        const found: FileStat[] = [];
        this.visit(folder, found);
        return found;
      },
      stat: async (rel) => {
        const stat = fs.lstatSync(path.join(this.root, rel), { throwIfNoEntry: false });
        if (stat?.isDirectory()) return 'folder';
        return stat?.isFile() && isDocumentName(rel) ? { path: rel, size: stat.size, mtimeMs: stat.mtimeMs } : null;
      },
      writeCookie: async () => {
        const name = `watch-${process.pid}-${++this.cookieSeq}`;
        fs.writeFileSync(path.join(this.root, COOKIE_DIR, name), '');
        return name;
      },
      cookieDone: (name) => fs.rmSync(path.join(this.root, COOKIE_DIR, name), { force: true }),
      forgetFolder: (rel) => {
        for (const [dir, watcher] of this.watchers) {
          if (dir === rel || dir.startsWith(`${rel}/`)) {
            watcher.close();
            this.watchers.delete(dir);
          }
        }
      },
    };
    this.core = new WatchedFiles(source, { maxReports: queueLimit() - 1 });
  }

  walk(): Promise<FileStat[]> {
    return this.core.walk();
  }

  /** What the last walk saw change since the one before, or null when it was a full walk. */
  lastDelta(): WalkDelta | null {
    return this.core.lastDelta();
  }

  /** Stops every watch (the tree then walks in full). */
  close(): void {
    this.core.close();
  }

  private stopWatching(): void {
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
    this.cookieWatcher?.close();
    this.cookieWatcher = null;
    this.report = null;
  }

  /** Adds a folder's documents (and its subfolders') to `found`, watching each folder before reading it. */
  private visit(rel: string, found: FileStat[]): void {
    const dir = rel === '' ? this.root : path.join(this.root, rel);
    if (this.report && !this.watchers.has(rel)) this.watchFolder(rel, dir);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      if (rel === '') throw error;
      return; // removed while walking: its parent's watch reports it
    }
    const prefix = rel === '' ? '' : `${rel}/`;
    for (const entry of entries) {
      const child = `${prefix}${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) this.visit(child, found);
      } else if (entry.isFile() && isDocumentName(entry.name)) {
        const stat = fs.statSync(path.join(this.root, child), { throwIfNoEntry: false });
        if (stat?.isFile()) found.push({ path: child, size: stat.size, mtimeMs: stat.mtimeMs });
      }
      // symlinks are neither: skipped
    }
  }

  private watchFolder(rel: string, dir: string): void {
    const report = this.report as (paths: string[] | 'all') => void;
    if (this.watchers.size >= this.maxFolders) return this.giveUp(report);
    try {
      const prefix = rel === '' ? '' : `${rel}/`;
      const watcher = fs.watch(dir, { persistent: false }, (_event, name) => report(name === null ? 'all' : [`${prefix}${name}`]));
      watcher.on('error', () => report('all'));
      this.watchers.set(rel, watcher);
    } catch {
      this.giveUp(report);
    }
  }

  /** Stops watching for good (the inotify budget is shared by the user's programs) and tells the core changes may be lost. */
  private giveUp(report: (paths: string[] | 'all') => void): void {
    this.gaveUp = true;
    this.stopWatching();
    report('all');
  }

  private startCookieWatch(report: (paths: string[] | 'all') => void): boolean {
    const vmark = path.join(this.root, '.vmark');
    if (!fs.statSync(vmark, { throwIfNoEntry: false })?.isDirectory()) return false;
    try {
      const dir = path.join(this.root, COOKIE_DIR);
      fs.mkdirSync(dir, { recursive: true });
      this.cookieWatcher = fs.watch(dir, { persistent: false }, (_event, name) => {
        if (name !== null) report([`${COOKIE_DIR}/${name}`]);
      });
      this.cookieWatcher.on('error', () => report('all'));
      return true;
    } catch {
      return false;
    }
  }
}
