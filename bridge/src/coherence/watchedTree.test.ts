import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FileStat } from '@vmark/shared/lib/coherence/index';
import { WatchedTree } from './watchedTree';

const dirs: string[] = [];
const trees: WatchedTree[] = [];
afterEach(() => {
  for (const tree of trees.splice(0)) tree.close();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

function workspace(withLedger: boolean): string {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-watch-')));
  dirs.push(root);
  if (withLedger) fs.mkdirSync(path.join(root, '.vmark', 'ledger'), { recursive: true });
  fs.mkdirSync(path.join(root, 'a', 'b'), { recursive: true });
  for (const rel of ['one.md', 'a/two.md', 'a/b/three.markdown', 'a/notes.txt']) fs.writeFileSync(path.join(root, rel), `${rel}\n`);
  return root;
}

const sorted = (files: FileStat[]) => [...files].sort((x, y) => x.path.localeCompare(y.path));
const w = (root: string, rel: string, text = `${rel} changed\n`) => fs.writeFileSync(path.join(root, rel), text);

describe('the watched walk (inotify; CI runs on Linux)', () => {
  it('after each kind of change it sees exactly what a full walk sees, and reports only what changed', async () => {
    const root = workspace(true);
    const tree = new WatchedTree(root, true);
    trees.push(tree);
    const full = async () => sorted(await new WatchedTree(root, false).walk());
    expect(sorted(await tree.walk())).toEqual(await full());
    expect(tree.lastDelta()).toBeNull();

    const steps: [string, () => void, string[], string[]][] = [
      ['nothing', () => {}, [], []],
      ['an edit', () => fs.appendFileSync(path.join(root, 'a/two.md'), 'more\n'), ['a/two.md'], []],
      ['a new file', () => w(root, 'a/b/four.md'), ['a/b/four.md'], []],
      ['an atomic replace', () => (w(root, 'one.md.tmp', 'replaced\n'), fs.renameSync(path.join(root, 'one.md.tmp'), path.join(root, 'one.md'))), ['one.md'], []],
      ['a rename', () => fs.renameSync(path.join(root, 'one.md'), path.join(root, 'uno.md')), ['uno.md'], ['one.md']],
      ['a new folder with files', () => (fs.mkdirSync(path.join(root, 'c/d'), { recursive: true }), w(root, 'c/five.md'), w(root, 'c/d/six.md')), ['c/d/six.md', 'c/five.md'], []],
      ['a folder renamed', () => fs.renameSync(path.join(root, 'a/b'), path.join(root, 'bee')), ['bee/four.md', 'bee/three.markdown'], ['a/b/four.md', 'a/b/three.markdown']],
      ['a folder removed', () => fs.rmSync(path.join(root, 'c'), { recursive: true }), [], ['c/d/six.md', 'c/five.md']],
      ['a file in the renamed folder', () => w(root, 'bee/seven.md'), ['bee/seven.md'], []],
      ['a non-document', () => w(root, 'a/notes.txt'), [], []],
    ];
    for (const [what, change, changed, removed] of steps) {
      change();
      expect(sorted(await tree.walk()), what).toEqual(await full());
      const delta = tree.lastDelta();
      expect(delta, what).not.toBeNull();
      expect(delta!.changed.map((f) => f.path).sort(), what).toEqual(changed.sort());
      // removed: documents the tree held (a path it never held, like a temporary file, is not one)
      expect([...delta!.removed].sort(), what).toEqual(removed.sort());
    }
  });

  it('a workspace without .vmark/ is never written to: every walk is a full one', async () => {
    const root = workspace(false);
    const tree = new WatchedTree(root, true);
    trees.push(tree);
    await tree.walk();
    w(root, 'one.md');
    expect((await tree.walk()).find((f) => f.path === 'one.md')?.size).toBe('one.md changed\n'.length);
    expect(tree.lastDelta()).toBeNull();
    expect(fs.existsSync(path.join(root, '.vmark'))).toBe(false);
  });

  it('more folders than it may watch: it stops watching and every walk is a full one', async () => {
    const root = workspace(true);
    const tree = new WatchedTree(root, true, 2);
    trees.push(tree);
    await tree.walk();
    w(root, 'a/b/three.markdown');
    expect((await tree.walk()).find((f) => f.path === 'a/b/three.markdown')?.size).toBe('a/b/three.markdown changed\n'.length);
    expect(tree.lastDelta()).toBeNull();
  });
});
