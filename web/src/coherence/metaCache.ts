type Kind = 'size' | 'list' | 'dir';

/**
 * Sizes, listings and folder checks of `.vmark/` remembered between the kernel's calls while the
 * storage's watch stands (`trusted`), so `status` re-reads nothing that did not change. A path is
 * forgotten when this storage writes it or the watch reports it: the path, everything under it and
 * its folders (a new file changes its folder's listing and may have created the folders).
 */
export class MetaCache {
  private readonly values = new Map<string, { kind: Kind; path: string; value: unknown }>();
  /** Bumped by every forget: a look begun before one is not remembered (it may predate the change). */
  private generation = 0;

  constructor(private readonly trusted: () => boolean) {}

  static covers(path: string): boolean {
    return (path === '.vmark' || path.startsWith('.vmark/')) && !path.startsWith('.vmark/cache/');
  }

  async remember<T>(kind: Kind, path: string, look: () => Promise<T>): Promise<T> {
    if (!this.trusted() || !MetaCache.covers(path)) return look();
    const key = `${kind}:${path}`;
    const known = this.values.get(key);
    if (known) return known.value as T;
    const generation = this.generation;
    const value = await look();
    if (generation === this.generation && this.trusted()) this.values.set(key, { kind, path, value });
    return value;
  }

  /**
   * This storage appended to a file and knows its size after: the size is remembered, and its
   * folders' listings and existence are kept where they hold the file already (an append to a new
   * file changes its folder's listing).
   */
  appended(path: string, size: number): void {
    this.generation++;
    const slash = path.lastIndexOf('/');
    const folder = path.slice(0, Math.max(0, slash));
    const name = path.slice(slash + 1);
    for (const [key, entry] of this.values) {
      if (entry.path === path || entry.path.startsWith(`${path}/`)) this.values.delete(key);
      else if (path.startsWith(`${entry.path}/`)) {
        const holds = entry.kind === 'dir' ? entry.value === true : entry.kind === 'list' && (entry.path !== folder || (entry.value as string[]).includes(name));
        if (!holds) this.values.delete(key);
      }
    }
    if (this.trusted() && MetaCache.covers(path)) this.values.set(`size:${path}`, { kind: 'size', path, value: size });
  }

  /**
   * A file (or folder) was written to, nothing appeared or went: forgets it and what is under it;
   * its folders' listings and existence still hold.
   */
  written(path: string): void {
    this.generation++;
    for (const [key, entry] of this.values) if (entry.path === path || entry.path.startsWith(`${path}/`)) this.values.delete(key);
  }

  /** Forgets one path (with what is under it and its folders), or everything. */
  forget(path?: string): void {
    this.generation++;
    if (path === undefined) {
      this.values.clear();
      return;
    }
    for (const [key, entry] of this.values) {
      if (entry.path === path || entry.path.startsWith(`${path}/`) || path.startsWith(`${entry.path}/`)) this.values.delete(key);
    }
  }
}
