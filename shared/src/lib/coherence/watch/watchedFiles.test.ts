import { describe, expect, it } from 'vitest';
import type { FileStat } from '../ledger/storage';
import { FakeWatchedFolder } from '../testing/fakeWatchedFolder';
import { WatchedFiles, type WatchSource } from './watchedFiles';

/** A workspace in memory with a fake event source. */
class FakeSource extends FakeWatchedFolder implements WatchSource {
  hasVmark = true;
  /** What start() answers. */
  starts: boolean | 'unsupported' = true;
  /** The cookie's report comes after the pending ones (false: it never comes). */
  cookiesArrive = true;
  report: ((paths: string[] | 'all') => void) | null = null;
  started = 0;
  stopped = 0;
  forgotten: string[] = [];
  cookiesDone: string[] = [];

  protected listener() {
    return this.report;
  }

  async start(report: (paths: string[] | 'all') => void): Promise<boolean | 'unsupported'> {
    this.started++;
    if (this.starts !== 'unsupported') this.report = report;
    return this.starts;
  }
  stop(): void {
    this.stopped++;
    this.report = null;
  }
  async walk(folder: string): Promise<FileStat[]> {
    return this.filesUnder(folder);
  }
  async writeCookie(round: number): Promise<string | null> {
    if (!this.hasVmark) return null;
    const name = `cookie-${round}`;
    this.pending.push([`.vmark/cache/${name}`]);
    if (this.cookiesArrive) void Promise.resolve().then(() => this.deliver());
    return name;
  }
  cookieDone(name: string): void {
    this.cookiesDone.push(name);
  }
  forgetFolder(path: string): void {
    this.forgotten.push(path);
  }
}

async function watched(limits = {}) {
  const source = new FakeSource();
  for (let i = 0; i < 5; i++) source.put(`notes/n${i}.md`);
  source.pending = [];
  const meta: (string | undefined)[] = [];
  const files = new WatchedFiles(source, limits, (path) => meta.push(path));
  expect(await files.walk()).toHaveLength(5);
  expect(files.lastDelta()).toBeNull();
  expect(files.watching).toBe(true);
  source.looks = 0;
  return { source, files, meta };
}

const paths = (list: { path: string }[] | undefined) => (list ?? []).map((f) => f.path).sort();

describe('WatchedFiles: the one watch core of the host and the editor worker (COH-EDGES-01)', () => {
  it('after a change reported before the cookie it looks only at that path; the cookie of each round is handed back', async () => {
    const { source, files } = await watched();
    source.put('notes/n1.md', 7);
    source.remove('notes/n2.md');
    source.put('new.md');
    const all = await files.walk();
    expect(paths(all)).toEqual(['new.md', 'notes/n0.md', 'notes/n1.md', 'notes/n3.md', 'notes/n4.md']);
    expect(paths(files.lastDelta()?.changed)).toEqual(['new.md', 'notes/n1.md']);
    expect(files.lastDelta()?.removed).toEqual(['notes/n2.md']);
    expect(files.examined).toBe(3);
    expect(source.looks).toBe(3);
    expect(source.cookiesDone).toEqual(['cookie-1']);
    await files.walk();
    expect(files.lastDelta()).toEqual({ changed: [], removed: [] });
  });

  it('a folder replaced: what was under it is forgotten (and its watches), the folder walked again', async () => {
    const { source, files } = await watched();
    for (const f of [...source.files.values()]) {
      source.files.delete(f.path);
      source.files.set(f.path.replace('notes/', 'archive/'), { ...f, path: f.path.replace('notes/', 'archive/') });
    }
    source.pending.push(['notes', 'archive']);
    await files.walk();
    expect(paths(files.lastDelta()?.changed)).toEqual(['archive/n0.md', 'archive/n1.md', 'archive/n2.md', 'archive/n3.md', 'archive/n4.md']);
    expect(files.lastDelta()?.removed.sort()).toEqual(['notes/n0.md', 'notes/n1.md', 'notes/n2.md', 'notes/n3.md', 'notes/n4.md']);
    expect(source.forgotten.sort()).toEqual(['archive', 'notes']);
  });

  it('reports under `.vmark/` go to the meta listener, under skipped folders nowhere; a path it never held is not "removed"', async () => {
    const { source, files, meta } = await watched();
    source.pending.push(['.vmark/ledger/w.jsonl'], ['node_modules/x/readme.md'], ['tmp.md.swp']);
    await files.walk();
    expect(meta).toContain('.vmark/ledger/w.jsonl');
    expect(files.lastDelta()).toEqual({ changed: [], removed: [] });
  });

  it.each([
    ['changes lost ("all")', (s: FakeSource) => s.pending.push('all')],
    ['the workspace folder itself replaced', (s: FakeSource) => s.pending.push([''])],
    ['a cookie that never comes back', (s: FakeSource) => void (s.cookiesArrive = false)],
    ['no `.vmark/` to write a cookie into', (s: FakeSource) => void (s.hasVmark = false)],
  ])('%s: the next walk looks at every file and watches anew', async (_what, lose) => {
    const { source, files } = await watched();
    lose(source);
    source.put('notes/n3.md', 9);
    await files.walk();
    expect(files.lastDelta()).toBeNull();
    expect(files.examined).toBe(5);
    expect(source.started).toBe(2);
    expect(source.stopped).toBe(1);
  });

  it('more changed paths than maxDirty, or as many reports as maxReports: a full walk', async () => {
    const dirty = await watched({ maxDirty: 2 });
    for (const n of [0, 1, 2]) dirty.source.put(`notes/n${n}.md`, 3);
    await dirty.files.walk();
    expect(dirty.files.lastDelta()).toBeNull();

    const reports = await watched({ maxReports: 3 });
    for (const n of [0, 1]) reports.source.put(`notes/n${n}.md`, 3);
    await reports.files.walk(); // two reports and the cookie's: the third
    expect(reports.files.lastDelta()).toBeNull();
    reports.source.put('notes/n4.md', 3);
    await reports.files.walk();
    expect(paths(reports.files.lastDelta()?.changed)).toEqual(['notes/n4.md']);
  });

  it('a watch that does not start walks in full each time; a platform without one is never asked again', async () => {
    const source = new FakeSource();
    source.put('a.md');
    source.starts = false;
    const files = new WatchedFiles(source);
    await files.walk();
    await files.walk();
    expect(files.watching).toBe(false);
    expect(source.started).toBe(2);

    source.starts = 'unsupported';
    const none = new WatchedFiles(source);
    await none.walk();
    expect(await none.settle()).toBe(false);
    await none.walk();
    expect(none.lastDelta()).toBeNull();
    expect(source.started).toBe(3);
  });

  it('settle() spares the next walk its own cookie; reports of a stopped watch are dropped', async () => {
    const { source, files } = await watched();
    source.put('notes/n4.md', 4);
    expect(await files.settle()).toBe(true);
    source.cookiesArrive = false; // a walk that wrote a cookie now would fall back to a full walk
    await files.walk();
    expect(paths(files.lastDelta()?.changed)).toEqual(['notes/n4.md']);

    const stale = source.report;
    files.close();
    source.cookiesArrive = true;
    await files.walk(); // a full walk, watching anew
    stale?.(['notes/n0.md']);
    await files.walk();
    expect(files.lastDelta()).toEqual({ changed: [], removed: [] });
  });
});
