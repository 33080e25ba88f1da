import fs from 'node:fs';
import path from 'node:path';
import { isDocumentName, SKIPPED_FOLDERS, type FileStat, type WalkDelta } from '@vmark/shared/lib/coherence/index';

const COOKIE_DIR = '.vmark/cache';
/** How long a walk waits for its cookie to come back before it stats every file instead. */
const COOKIE_WAIT_MS = 500;
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
 * (Linux), so a walk after a small change stats only the paths that changed, like git's FSMonitor.
 *
 * A walk first writes a cookie file into `.vmark/cache/` and waits until the watch reports it: the
 * events of one inotify instance arrive in order, so every change made before the walk began has
 * then been seen. A queue overflow is not reported by libuv, but an overflow means a full queue was
 * delivered first, so that many events since the last walk count as "anything may have changed".
 * Without `.vmark/` (no cookie is written into a workspace VMark never wrote into), on other
 * platforms, when a watch fails, or when the cookie does not come back in time, the walk stats
 * every file.
 */
export class WatchedTree {
  private readonly files = new Map<string, FileStat>();
  /** Watched folder (relative, '' for the root) → its watcher. */
  private readonly watchers = new Map<string, fs.FSWatcher>();
  private cookieWatcher: fs.FSWatcher | null = null;
  private readonly cookies = new Map<string, () => void>();
  private cookieSeq = 0;
  private dirty = new Set<string>();
  private events = 0;
  /** The cache cannot be trusted: the next walk is a full one. */
  private broken = true;
  /** Too many folders, or a watch could not be added (the inotify budget): walk in full from now on. */
  private gaveUp = false;
  private readonly maxEvents = queueLimit() - 1;
  /** Paths the current walk brought up to date; null while walking in full. */
  private touched: Set<string> | null = null;
  private delta: WalkDelta | null = null;

  constructor(
    private readonly root: string,
    private readonly watch: boolean = process.platform === 'linux',
    private readonly maxFolders: number = MAX_WATCHED_DIRS,
  ) {}

  async walk(): Promise<FileStat[]> {
    if (this.watch && !this.broken && (await this.settled())) {
      const dirty = this.dirty;
      this.dirty = new Set();
      this.events = 0;
      const touched = (this.touched = new Set());
      for (const rel of dirty) this.refresh(rel);
      this.touched = null;
      if (this.gaveUp) this.close();
      if (!this.broken) {
        this.delta = { changed: [], removed: [] };
        for (const rel of touched) {
          const file = this.files.get(rel);
          if (file) this.delta.changed.push(file);
          else this.delta.removed.push(rel);
        }
        return [...this.files.values()];
      }
    }
    this.delta = null;
    return this.full();
  }

  /** What the last walk saw change since the one before, or null when it was a full walk. */
  lastDelta(): WalkDelta | null {
    return this.delta;
  }

  /** Stops every watch (the tree then walks in full). */
  close(): void {
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
    this.cookieWatcher?.close();
    this.cookieWatcher = null;
    this.broken = true;
  }

  private full(): FileStat[] {
    this.close();
    this.files.clear();
    this.dirty = new Set();
    this.events = 0;
    const watching = this.watch && !this.gaveUp && this.startCookieWatch();
    this.broken = !watching;
    this.visit('', watching);
    if (this.gaveUp) this.close();
    return [...this.files.values()];
  }

  /** Adds a folder's documents (and its subfolders'), watching each folder before reading it. */
  private visit(rel: string, watching: boolean): void {
    const dir = rel === '' ? this.root : path.join(this.root, rel);
    if (watching && !this.gaveUp && !this.watchers.has(rel)) this.watchFolder(rel, dir);
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      if (rel === '') throw error;
      return; // removed while walking: its parent's watch reports it
    }
    const prefix = rel === '' ? '' : `${rel}/`;
    for (const entry of entries) {
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) this.visit(`${prefix}${entry.name}`, watching);
      } else if (entry.isFile() && isDocumentName(entry.name)) {
        this.statFile(`${prefix}${entry.name}`);
      }
      // symlinks are neither: skipped
    }
  }

  private statFile(rel: string): void {
    this.touched?.add(rel);
    const stat = fs.statSync(path.join(this.root, rel), { throwIfNoEntry: false });
    if (stat?.isFile()) this.files.set(rel, { path: rel, size: stat.size, mtimeMs: stat.mtimeMs });
    else this.files.delete(rel);
  }

  private watchFolder(rel: string, dir: string): void {
    if (this.watchers.size >= this.maxFolders) {
      this.gaveUp = true;
      return;
    }
    try {
      const prefix = rel === '' ? '' : `${rel}/`;
      const watcher = fs.watch(dir, { persistent: false }, (_event, name) => {
        if (++this.events >= this.maxEvents || name === null) this.broken = true;
        else this.dirty.add(`${prefix}${name}`);
      });
      watcher.on('error', () => {
        this.broken = true;
      });
      this.watchers.set(rel, watcher);
    } catch {
      this.gaveUp = true;
    }
  }

  private startCookieWatch(): boolean {
    const vmark = path.join(this.root, '.vmark');
    if (!fs.statSync(vmark, { throwIfNoEntry: false })?.isDirectory()) return false;
    try {
      const dir = path.join(this.root, COOKIE_DIR);
      fs.mkdirSync(dir, { recursive: true });
      this.cookieWatcher = fs.watch(dir, { persistent: false }, (_event, name) => {
        if (name !== null) this.cookies.get(name)?.();
      });
      this.cookieWatcher.on('error', () => {
        this.broken = true;
      });
      return true;
    } catch {
      return false;
    }
  }

  /** Writes a cookie and waits for its event: true when every earlier change has been reported. */
  private async settled(): Promise<boolean> {
    const name = `watch-${process.pid}-${++this.cookieSeq}`;
    const file = path.join(this.root, COOKIE_DIR, name);
    let timer: NodeJS.Timeout | undefined;
    const seen = new Promise<boolean>((resolve) => {
      this.cookies.set(name, () => resolve(true));
      timer = setTimeout(() => resolve(false), COOKIE_WAIT_MS);
    });
    try {
      fs.writeFileSync(file, '');
    } catch {
      this.cookies.delete(name);
      clearTimeout(timer);
      return false;
    }
    const ok = await seen;
    clearTimeout(timer);
    this.cookies.delete(name);
    fs.rmSync(file, { force: true });
    return ok && !this.broken;
  }

  /** Brings one reported path up to date: a document, a folder (walked again) or something gone. */
  private refresh(rel: string): void {
    const stat = fs.lstatSync(path.join(this.root, rel), { throwIfNoEntry: false });
    const name = rel.slice(rel.lastIndexOf('/') + 1);
    if (this.watchers.has(rel) || stat?.isDirectory()) {
      // a folder appeared, vanished or was replaced: forget what was under it and look again
      this.forget(rel);
      if (stat?.isDirectory() && !SKIPPED_FOLDERS.has(name)) this.visit(rel, true);
      return;
    }
    this.touched?.add(rel);
    if (stat?.isFile() && isDocumentName(name)) this.files.set(rel, { path: rel, size: stat.size, mtimeMs: stat.mtimeMs });
    else this.files.delete(rel);
  }

  private forget(rel: string): void {
    const prefix = `${rel}/`;
    for (const [dir, watcher] of this.watchers) {
      if (dir === rel || dir.startsWith(prefix)) {
        watcher.close();
        this.watchers.delete(dir);
      }
    }
    for (const file of this.files.keys()) {
      if (file.startsWith(prefix)) {
        this.files.delete(file);
        this.touched?.add(file);
      }
    }
  }
}
