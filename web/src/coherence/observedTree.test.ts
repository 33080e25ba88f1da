import { describe, expect, it, vi } from 'vitest';
import type { FileStat } from '@vmark/shared/lib/coherence/index';
import { FakeWatchedFolder } from '@vmark/shared/lib/coherence/testing/fakeWatchedFolder';
import { ObservedTree, type StartWatch, type TreeAccess } from './observedTree';

/** A workspace in memory with a fake FileSystemObserver. */
class FakeWorkspace extends FakeWatchedFolder implements TreeAccess {
  readonly folders = new Set<string>(['.vmark']);
  onChange: ((paths: string[] | 'all') => void) | null = null;
  watches = 0;
  stops = 0;
  /** What the next observation reports when it starts. */
  observes = true;
  /** The cookie's record arrives with the other pending ones (false: it never arrives). */
  cookiesArrive = true;

  protected listener() {
    return this.onChange;
  }

  readonly startWatch: StartWatch = (onChange, onObserving) => {
    this.watches++;
    this.onChange = onChange;
    queueMicrotask(() => onObserving(this.observes));
    return () => {
      this.stops++;
      this.onChange = null;
    };
  };

  async walk(folder: string): Promise<FileStat[]> {
    return this.filesUnder(folder, (path) => !path.startsWith('.vmark/'));
  }
  /** Cookies written in place (a sync access handle); false: a new file each round. */
  inPlace = true;
  prepared = new Set<string>();
  async prepareCookie(name: string): Promise<void> {
    if (this.folders.has('.vmark')) this.prepared.add(name);
  }
  async writeCookie(name: string, round: number): Promise<string | null> {
    if (!this.folders.has('.vmark')) return null;
    const written = this.inPlace && this.prepared.has(name) ? name : `${name}-${round}`;
    // the cookie's record comes after every change made before it
    this.pending.push([`.vmark/cache/${written}`]);
    if (this.cookiesArrive) queueMicrotask(() => this.deliver());
    return written;
  }
}

async function watchedTree(files = 10) {
  const disk = new FakeWorkspace();
  for (let i = 0; i < files; i++) disk.put(`notes/n${i}.md`, `Note ${i}`);
  disk.pending = [];
  let metaChanges = 0;
  const tree = new ObservedTree(disk, disk.startWatch, () => metaChanges++);
  expect(await tree.walk()).toHaveLength(files);
  expect(tree.lastDelta()).toBeNull();
  expect(tree.watching).toBe(true);
  return { disk, tree, metaChanges: () => metaChanges };
}

const paths = (files: FileStat[]) => files.map((f) => f.path).sort();

describe('ObservedTree: a walk after a change looks only at what the watch reported (COH-EDGES-01)', () => {
  it('an outside edit reported before the cookie: one file examined, the delta names it', async () => {
    const { disk, tree } = await watchedTree();
    disk.put('notes/n3.md', 'Note 3, edited');
    disk.looks = 0;
    const files = await tree.walk();
    expect(files).toHaveLength(10);
    expect(tree.lastDelta()).toEqual({ changed: [disk.files.get('notes/n3.md')], removed: [] });
    expect(tree.examined).toBe(1);
    expect(disk.looks).toBe(1);
    // nothing changed since: nothing examined
    await tree.walk();
    expect(tree.lastDelta()).toEqual({ changed: [], removed: [] });
  });

  it('additions, deletions and a moved folder', async () => {
    const { disk, tree } = await watchedTree(3);
    disk.put('new.md', 'New');
    disk.remove('notes/n0.md');
    const moved = [...disk.files.values()].filter((f) => f.path.startsWith('notes/'));
    for (const f of moved) {
      disk.files.delete(f.path);
      disk.files.set(f.path.replace('notes/', 'archive/'), { ...f, path: f.path.replace('notes/', 'archive/') });
    }
    disk.pending.push(['archive', 'notes']); // a "moved" record names both places
    disk.put('image.png', 'not a document');
    disk.files.delete('image.png');
    const files = await tree.walk();
    expect(paths(files)).toEqual(['archive/n1.md', 'archive/n2.md', 'new.md']);
    const delta = tree.lastDelta();
    expect(paths(delta?.changed ?? [])).toEqual(['archive/n1.md', 'archive/n2.md', 'new.md']);
    expect(delta?.removed.sort()).toEqual(['notes/n0.md', 'notes/n1.md', 'notes/n2.md']);
  });

  it('a change whose record has not arrived when the cookie is written is still seen: records keep their order', async () => {
    const { disk, tree } = await watchedTree();
    disk.put('notes/n1.md', 'changed just before the walk');
    // the change's record is still queued; the walk's cookie is queued behind it
    await tree.walk();
    expect(tree.lastDelta()?.changed.map((f) => f.path)).toEqual(['notes/n1.md']);
  });

  it('"unknown" or "errored" records (changes lost): the next walk looks at every file, then watches again', async () => {
    const { disk, tree, metaChanges } = await watchedTree();
    disk.pending.push('all');
    const before = metaChanges();
    await tree.walk();
    expect(tree.lastDelta()).toBeNull();
    expect(tree.examined).toBe(10);
    expect(metaChanges()).toBeGreaterThan(before);
    expect(disk.watches).toBe(2);
    disk.put('notes/n2.md', 'again');
    await tree.walk();
    expect(tree.examined).toBe(1);
  });

  it('a cookie that never comes back: a full walk', async () => {
    const { disk, tree } = await watchedTree();
    disk.cookiesArrive = false;
    disk.put('notes/n2.md', 'edited');
    await tree.walk();
    expect(tree.lastDelta()).toBeNull();
    expect(tree.examined).toBe(10);
  });

  it('no `.vmark/` (nothing may be written there): every walk is full', async () => {
    const { disk, tree } = await watchedTree();
    disk.folders.delete('.vmark');
    await tree.walk();
    expect(tree.lastDelta()).toBeNull();
  });

  it('an observation that cannot start, or no FileSystemObserver: every walk is full', async () => {
    const disk = new FakeWorkspace();
    disk.observes = false;
    disk.put('a.md', 'A');
    const tree = new ObservedTree(disk, disk.startWatch);
    await tree.walk();
    await tree.walk();
    expect(tree.lastDelta()).toBeNull();
    expect(tree.watching).toBe(false);

    const none = new ObservedTree(disk, () => null);
    await none.walk();
    expect(await none.settle()).toBe(false);
    await none.walk();
    expect(none.lastDelta()).toBeNull();
  });

  it('the workspace folder itself removed: a full walk', async () => {
    const { disk, tree } = await watchedTree();
    disk.pending.push(['']);
    await tree.walk();
    expect(tree.lastDelta()).toBeNull();
  });

  it('records under `.vmark/` are no documents: they only tell the storage its remembered sizes are stale', async () => {
    const { disk, tree, metaChanges } = await watchedTree();
    const before = metaChanges();
    disk.pending.push(['.vmark/ledger/w-0.jsonl'], ['sub/.git/HEAD.md']);
    await tree.walk();
    expect(tree.lastDelta()).toEqual({ changed: [], removed: [] });
    expect(metaChanges()).toBe(before + 1);
  });

  it('the cookie is one file made before the watch starts and written in place each round; without a sync access handle a new file each round', async () => {
    const { disk, tree } = await watchedTree();
    expect(disk.prepared.size).toBe(1);
    const [cookie] = [...disk.prepared];
    const written: string[] = [];
    const write = disk.writeCookie.bind(disk);
    disk.writeCookie = async (name, round) => {
      const to = await write(name, round);
      if (to) written.push(to);
      return to;
    };
    disk.put('notes/n1.md', 'one');
    await tree.walk();
    disk.put('notes/n2.md', 'two');
    await tree.walk();
    expect(written).toEqual([cookie, cookie]);
    expect(tree.examined).toBe(1);
    disk.inPlace = false;
    disk.put('notes/n3.md', 'three');
    await tree.walk();
    disk.put('notes/n4.md', 'four');
    await tree.walk();
    expect(new Set(written.slice(2)).size).toBe(2);
    expect(written.slice(2)).not.toContain(cookie);
    expect(tree.examined).toBe(1);
  });

  it('a round trip is answered only by the record of its own cookie, and records of a stopped observation are dropped', async () => {
    const { disk, tree } = await watchedTree();
    const [cookie] = [...disk.prepared];
    disk.cookiesArrive = false;
    // a record of another cookie name (a new file another round made) arrives: it answers nothing
    disk.pending.push([`.vmark/cache/${cookie}-99`]);
    disk.put('notes/n2.md', 'edited');
    const walking = tree.walk();
    const stale = disk.onChange;
    await new Promise((resolve) => setTimeout(resolve, 10));
    // everything but this round's own cookie record arrives
    disk.pending = disk.pending.filter((p) => p === 'all' || p[0] !== `.vmark/cache/${cookie}`);
    disk.deliver();
    await walking;
    expect(tree.lastDelta()).toBeNull(); // the round timed out: a full walk, watching anew
    expect(disk.watches).toBe(2);
    disk.cookiesArrive = true;
    // the old observation's late record of the cookie cannot answer the new watch's round trip
    stale?.([`.vmark/cache/${cookie}`]);
    disk.put('notes/n3.md', 'edited');
    await tree.walk();
    expect(tree.lastDelta()?.changed.map((f) => f.path)).toEqual(['notes/n3.md']);
  });

  it('settle() spares the next walk its own cookie', async () => {
    const { disk, tree } = await watchedTree();
    disk.put('notes/n4.md', 'edited');
    expect(await tree.settle()).toBe(true);
    disk.cookiesArrive = false; // a walk that wrote a cookie now would fall back to a full walk
    await tree.walk();
    expect(tree.lastDelta()?.changed.map((f) => f.path)).toEqual(['notes/n4.md']);
  });

  it('a settle whose call ended without a walk does not spare a much later walk its cookie', async () => {
    const { disk, tree } = await watchedTree();
    expect(await tree.settle()).toBe(true);
    const now = performance.now();
    const clock = vi.spyOn(performance, 'now').mockReturnValue(now + 5_000);
    try {
      disk.cookiesArrive = false;
      disk.put('notes/n4.md', 'edited');
      await tree.walk();
      expect(tree.lastDelta()).toBeNull(); // it wrote its own cookie, which never came back: a full walk
    } finally {
      clock.mockRestore();
    }
  });
});
