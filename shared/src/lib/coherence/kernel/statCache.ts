/** What the scan saw of one file at a path. */
export interface SeenFile {
  id: string;
  size: number;
  mtimeMs: number;
  hash: string;
  rev: string | null;
  /** A document with no identity whose text was a registered document's (a copy): it may yet turn out to be that one moved. */
  copyOf?: string;
}

/**
 * The scan's stat cache, path → what it saw, knowing how many of its files are copies (`copyOf`):
 * an incremental scan is allowed only while there are none, and asking must not look at every file.
 */
export class StatCache extends Map<string, SeenFile> {
  private copyCount = 0;

  constructor(entries?: Iterable<readonly [string, SeenFile]>) {
    super();
    if (entries) for (const [path, seen] of entries) this.set(path, seen);
  }

  hasCopies(): boolean {
    return this.copyCount > 0;
  }

  override set(path: string, seen: SeenFile): this {
    if (super.get(path)?.copyOf) this.copyCount--;
    if (seen.copyOf) this.copyCount++;
    return super.set(path, seen);
  }

  override delete(path: string): boolean {
    if (super.get(path)?.copyOf) this.copyCount--;
    return super.delete(path);
  }

  override clear(): void {
    this.copyCount = 0;
    super.clear();
  }
}

/** A path's change in a draft: what it is now (null: gone), and whether it went and came back (a Map puts it last then). */
interface Change {
  seen: SeenFile | null;
  readded: boolean;
}

/**
 * The stat cache a scan writes, kept as changes over the one it started from (`base`, left as it
 * is until `commit`): the scan goes on reading the old cache (a vanished document's last hash, the
 * revision a file was at) while it writes the new one, and an incremental scan changes a few paths
 * of thousands instead of copying them all. Reads and iteration answer as a copy of `base` with the
 * same calls made on it would, in the same order.
 */
export class StatCacheDraft {
  private readonly changes = new Map<string, Change>();

  constructor(private readonly base: StatCache) {}

  get(path: string): SeenFile | undefined {
    const change = this.changes.get(path);
    return change ? (change.seen ?? undefined) : this.base.get(path);
  }

  set(path: string, seen: SeenFile): void {
    const change = this.changes.get(path);
    if (change?.seen === null) {
      this.changes.delete(path);
      this.changes.set(path, { seen, readded: true });
    } else if (change) change.seen = seen;
    else this.changes.set(path, { seen, readded: false });
  }

  delete(path: string): void {
    if (this.get(path) === undefined) return;
    const change = this.changes.get(path);
    if (change) change.seen = null;
    else this.changes.set(path, { seen: null, readded: false });
  }

  *[Symbol.iterator](): IterableIterator<[string, SeenFile]> {
    for (const [path, seen] of this.base) {
      const change = this.changes.get(path);
      if (!change) yield [path, seen];
      else if (change.seen && !change.readded) yield [path, change.seen];
    }
    for (const [path, change] of this.changes) if (change.seen && (change.readded || !this.base.has(path))) yield [path, change.seen];
  }

  /** Applies the changes to the cache the scan started from, which becomes the new one. */
  commit(): StatCache {
    for (const [path, change] of this.changes) {
      if (change.seen === null || change.readded) this.base.delete(path);
      if (change.seen !== null) this.base.set(path, change.seen);
    }
    this.changes.clear();
    return this.base;
  }
}
