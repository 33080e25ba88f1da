import { describe, expect, it } from 'vitest';
import { HandleCoherenceStorage } from './handleStorage';
import type { StartWatch } from './observedTree';

/**
 * A folder tree of fake handles that counts the handle calls a read makes. A File taken by getFile
 * is a snapshot: reading it after the file changed fails, as Chromium's NotReadableError does.
 */
class FakeTree {
  readonly texts = new Map<string, { text: string; version: number }>();
  calls = { getDirectoryHandle: 0, getFileHandle: 0, getFile: 0 };
  inFlight = 0;
  mostInFlight = 0;
  private release: (() => void)[] = [];

  put(path: string, text: string): void {
    this.texts.set(path, { text, version: (this.texts.get(path)?.version ?? 0) + 1 });
  }

  /** Lets every getFile waiting so far answer (the test sees how many were started at once). */
  flush(): void {
    for (const go of this.release.splice(0)) go();
  }

  dir(prefix: string): FileSystemDirectoryHandle {
    const tree = this;
    const childNames = () => {
      const names = new Map<string, 'file' | 'directory'>();
      for (const path of tree.texts.keys()) {
        if (!path.startsWith(prefix)) continue;
        const [head, ...rest] = path.slice(prefix.length).split('/');
        names.set(head as string, rest.length > 0 ? 'directory' : 'file');
      }
      return names;
    };
    return {
      kind: 'directory',
      name: prefix,
      async *entries() {
        for (const [name, kind] of childNames()) yield [name, kind === 'file' ? tree.file(`${prefix}${name}`) : tree.dir(`${prefix}${name}/`)];
      },
      async getDirectoryHandle(name: string) {
        tree.calls.getDirectoryHandle++;
        if (childNames().get(name) !== 'directory') throw new DOMException('no folder', 'NotFoundError');
        return tree.dir(`${prefix}${name}/`);
      },
      async getFileHandle(name: string) {
        tree.calls.getFileHandle++;
        if (childNames().get(name) !== 'file') throw new DOMException('no file', 'NotFoundError');
        return tree.file(`${prefix}${name}`);
      },
    } as unknown as FileSystemDirectoryHandle;
  }

  private file(path: string): FileSystemFileHandle {
    const tree = this;
    return {
      kind: 'file',
      name: path,
      async getFile() {
        tree.calls.getFile++;
        tree.inFlight++;
        tree.mostInFlight = Math.max(tree.mostInFlight, tree.inFlight);
        await new Promise<void>((resolve) => tree.release.push(resolve));
        tree.inFlight--;
        const at = tree.texts.get(path) as { text: string; version: number };
        const snapshot = at.version;
        return {
          size: new TextEncoder().encode(at.text).length,
          lastModified: snapshot,
          text: async () => {
            const now = tree.texts.get(path);
            if (!now || now.version !== snapshot) throw new DOMException('changed since the snapshot', 'NotReadableError');
            return now.text;
          },
        } as unknown as File;
      },
    } as unknown as FileSystemFileHandle;
  }
}

/** Runs `work`, answering every getFile it waits on, until it settles. */
async function answering<T>(tree: FakeTree, work: Promise<T>): Promise<T> {
  let done = false;
  void work.then(
    () => (done = true),
    () => (done = true),
  );
  while (!done) {
    tree.flush();
    await new Promise((resolve) => setImmediate(resolve));
  }
  return work;
}

function workspace(count: number): FakeTree {
  const tree = new FakeTree();
  for (let k = 0; k < count; k++) tree.put(`part-${k % 3}/doc-${k}.md`, `# Document ${k}\n`);
  return tree;
}

describe('HandleCoherenceStorage reads for a scan', () => {
  it('the walk stats up to 16 documents at once, in path order', async () => {
    const tree = workspace(40);
    const storage = new HandleCoherenceStorage(tree.dir(''), '/w', () => null);
    const files = await answering(tree, storage.walk());
    expect(files).toHaveLength(40);
    expect(files.map((f) => f.path)).toEqual([...files.map((f) => f.path)].sort((a, b) => a.localeCompare(b)));
    expect(tree.mostInFlight).toBe(16);
  });

  it('reading a walked document takes the File the walk got: no handle call of its own', async () => {
    const tree = workspace(5);
    const storage = new HandleCoherenceStorage(tree.dir(''), '/w', () => null);
    await answering(tree, storage.walk());
    const before = { ...tree.calls };
    expect(await answering(tree, storage.readText('part-1/doc-1.md'))).toBe('# Document 1\n');
    expect(tree.calls).toEqual(before);
    // taken once: a second read goes to the file
    expect(await answering(tree, storage.readText('part-1/doc-1.md'))).toBe('# Document 1\n');
    expect(tree.calls.getFile).toBe(before.getFile + 1);
  });

  it('a document changed after the walk is read afresh, never as the walk saw it', async () => {
    const tree = workspace(5);
    const storage = new HandleCoherenceStorage(tree.dir(''), '/w', () => null);
    await answering(tree, storage.walk());
    tree.put('part-2/doc-2.md', '# Document 2, edited\n');
    expect(await answering(tree, storage.readText('part-2/doc-2.md'))).toBe('# Document 2, edited\n');
  });

  it('a document the watch reports changed is stat-ed through its folder\'s handle found before: one lookup, no folder lookups (issue 14)', async () => {
    const tree = workspace(6);
    let report: (paths: string[] | 'all') => void = () => undefined;
    const watch: StartWatch = (onChange, observing) => {
      report = onChange;
      queueMicrotask(() => observing(true));
      return () => undefined;
    };
    const storage = new HandleCoherenceStorage(tree.dir(''), '/w', watch);
    // no .vmark/: no cookie to wait for, so the test says when the watch has settled
    const settled = () => ((storage as unknown as { tree: { core: { settledAt: number | null } } }).tree.core.settledAt = performance.now());
    await answering(tree, storage.walk());
    const edit = async (text: string) => {
      tree.put('part-1/doc-4.md', text);
      report(['part-1/doc-4.md']);
      settled();
      return answering(tree, storage.walk());
    };
    await edit('# Document 4, edited\n');
    const before = { ...tree.calls };
    await edit('# Document 4, edited again\n');
    expect(storage.walkDelta()?.changed.map((f) => f.path)).toEqual(['part-1/doc-4.md']);
    expect(tree.calls).toEqual({ ...before, getFileHandle: before.getFileHandle + 1, getFile: before.getFile + 1 });
  });
});
