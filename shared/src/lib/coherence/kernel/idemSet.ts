/**
 * The idems the index has applied. Those loaded from the index snapshot stay in the form it stores
 * them in: sorted and `\n`-joined, looked up by binary search over the one string when they all have
 * the same length (UUIDs), so opening builds no 200,000-entry hash set. New idems go into a Set.
 */
export class IdemSet {
  private readonly live = new Set<string>();
  /** Sorted idems of `width` characters, each followed by `\n` but the last. */
  private joined = '';
  private width = 0;
  /** The loaded idems when their lengths differ: a sorted array. */
  private list: readonly string[] = [];
  private loaded = 0;

  /** Loads sorted, distinct idems (the snapshot's); throws when they are not. */
  load(sorted: string | readonly string[], count: number): void {
    if (typeof sorted === 'string' && count > 0) {
      const width = sorted.indexOf('\n') < 0 ? sorted.length : sorted.indexOf('\n');
      let uniform = sorted.length === count * (width + 1) - 1;
      for (let i = 1; uniform && i < count; i++) uniform = sorted.charCodeAt(i * (width + 1) - 1) === 10;
      if (uniform) {
        for (let i = 1; i < count; i++) if (!this.ascending(sorted, (i - 1) * (width + 1), i * (width + 1), width)) throw new Error('the snapshot idems are not sorted');
        this.joined = sorted;
        this.width = width;
        this.loaded = count;
        return;
      }
    }
    const list = typeof sorted === 'string' ? (count === 0 ? [] : sorted.split('\n')) : sorted;
    if (list.length !== count) throw new Error('the snapshot idems do not add up');
    for (let i = 1; i < list.length; i++) if (!((list[i - 1] as string) < (list[i] as string))) throw new Error('the snapshot idems are not sorted');
    this.list = list;
    this.loaded = count;
  }

  has(idem: string): boolean {
    return this.live.has(idem) || (this.loaded > 0 && this.hasLoaded(idem));
  }

  /** Adds an idem the set does not hold yet (the caller checks `has` first). */
  add(idem: string): void {
    this.live.add(idem);
  }

  get size(): number {
    return this.loaded + this.live.size;
  }

  /** Every idem, sorted (what the snapshot stores). */
  sorted(): string[] {
    return [...this].sort();
  }

  *[Symbol.iterator](): IterableIterator<string> {
    if (this.joined !== '') for (let i = 0; i < this.loaded; i++) yield this.joined.slice(i * (this.width + 1), i * (this.width + 1) + this.width);
    else yield* this.list;
    yield* this.live;
  }

  private hasLoaded(idem: string): boolean {
    let lo = 0;
    let hi = this.loaded - 1;
    if (this.joined === '') {
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const at = this.list[mid] as string;
        if (at === idem) return true;
        if (at < idem) lo = mid + 1;
        else hi = mid - 1;
      }
      return false;
    }
    if (idem.length !== this.width) return false;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const order = this.compareAt(mid * (this.width + 1), idem);
      if (order === 0) return true;
      if (order < 0) lo = mid + 1;
      else hi = mid - 1;
    }
    return false;
  }

  private ascending(text: string, a: number, b: number, width: number): boolean {
    for (let i = 0; i < width; i++) {
      const d = text.charCodeAt(a + i) - text.charCodeAt(b + i);
      if (d !== 0) return d < 0;
    }
    return false;
  }

  /** The loaded idem at `start` against `idem`, by UTF-16 code units (the order `sort()` gives), without slicing. */
  private compareAt(start: number, idem: string): number {
    for (let i = 0; i < this.width; i++) {
      const d = this.joined.charCodeAt(start + i) - idem.charCodeAt(i);
      if (d !== 0) return d;
    }
    return 0;
  }
}
