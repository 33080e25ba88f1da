import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CoherenceKernel, edges, saveWithCapture, status } from '@vmark/shared/lib/coherence/index';
import { NodeCoherenceStorage } from './nodeStorage';
import { writerId } from './writerId';

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-coh-')));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@e', '-c', 'init.defaultBranch=main', ...args], { cwd, encoding: 'utf8' });

async function open(root: string, writer = writerId(tempDir())) {
  const kernel = await CoherenceKernel.open(new NodeCoherenceStorage(root), { writer });
  const save = (rel: string, content: string, inputs: string[] = []) =>
    saveWithCapture(kernel, { path: rel, content, inputs, agent: { type: 'human' }, intent: { kind: 'save', summary: '' }, confidence: 'exact' });
  return { kernel, save };
}

describe('coherence on real files (Node storage)', () => {
  it('writes and reads a file as bytes (the index snapshot, mostly not text)', async () => {
    const storage = new NodeCoherenceStorage(tempDir());
    const bytes = new Uint8Array([123, 125, 10, 0, 0xff, 0x80, 0xc3]);
    await storage.writeAtomic('.vmark/cache/index.json', bytes);
    expect(new Uint8Array(await storage.readBytes('.vmark/cache/index.json') as Uint8Array)).toEqual(bytes);
    expect(await storage.readBytes('.vmark/cache/none.json')).toBeNull();
  });

  it('reads text from an offset as UTF-8, whether the bytes are all ASCII or not', async () => {
    const root = tempDir();
    const storage = new NodeCoherenceStorage(root);
    const texts = ['{"path":"notes/plain.md"}\n', '{"path":"Müller – Ära 😀.md"}\n', '{"a":"\u0080\u00ff"}\n'];
    for (const [i, text] of texts.entries()) {
      fs.writeFileSync(path.join(root, `${i}.jsonl`), `ab${text}`);
      expect(await storage.readFrom(`${i}.jsonl`, 2)).toBe(text);
      expect(await storage.readText(`${i}.jsonl`)).toBe(`ab${text}`);
    }
    // an invalid byte reads as U+FFFD, as a UTF-8 decode does, not as a Latin-1 letter
    fs.writeFileSync(path.join(root, 'bad.jsonl'), Buffer.from([0x61, 0xff, 0x0a]));
    expect(await storage.readFrom('bad.jsonl', 0)).toBe('a\ufffd\n');
  });

  it('reads a segment in pieces of whole lines: UTF-8 across a piece, a line longer than a piece, up to the size asked, the torn tail left', async () => {
    const root = tempDir();
    const storage = new NodeCoherenceStorage(root);
    const long = `{"m":"${'é'.repeat(400_000)}"}`;
    const text = `skip\n{"m":"Müller 😀"}\n${long}\n${'{"a":1}\n'.repeat(200_000)}`;
    fs.writeFileSync(path.join(root, 's.jsonl'), `${text}{"torn`);
    const pieces: string[] = [];
    const size = Buffer.byteLength(text) + 6;
    expect(await storage.readLines('s.jsonl', 5, size, (piece) => pieces.push(piece))).toBe(Buffer.byteLength(text) - 5);
    expect(pieces.join('')).toBe(text.slice(5));
    expect(pieces.length).toBeGreaterThan(2);
    expect(pieces.every((piece) => piece.endsWith('\n'))).toBe(true);
    // appended after the size was taken: not read
    fs.appendFileSync(path.join(root, 's.jsonl'), '"}\n');
    const after: string[] = [];
    expect(await storage.readLines('s.jsonl', Buffer.byteLength(text), size, (piece) => after.push(piece))).toBe(0);
    expect(after).toEqual([]);
  });

  it('reads a segment into a buffer piece by piece for a replay: 0 at its end and for a missing file; a file replaced between pieces is refused (issue 14)', async () => {
    const root = tempDir();
    const storage = new NodeCoherenceStorage(root);
    const file = path.join(root, 's.jsonl');
    fs.writeFileSync(file, 'first line\nsecond line\n');
    const into = new Uint8Array(64);
    expect(await storage.readInto('s.jsonl', 0, into, 0, 8)).toBe(8);
    fs.appendFileSync(file, 'third\n');
    expect(await storage.readInto('s.jsonl', 8, into, 8, 56)).toBe(21);
    expect(Buffer.from(into.subarray(0, 29)).toString()).toBe('first line\nsecond line\nthird\n');
    expect(await storage.readInto('s.jsonl', 29, into, 0, 8)).toBe(0);
    expect(await storage.readInto('none.jsonl', 0, into, 0, 8)).toBe(0);
    // a checkout replaces the file (a new one renamed over it) while a replay reads it; another file read meanwhile does not matter
    expect(await storage.readInto('s.jsonl', 0, into, 0, 8)).toBe(8);
    fs.writeFileSync(path.join(root, 't.jsonl'), 'other\n');
    expect(await storage.readInto('t.jsonl', 0, into, 32, 8)).toBe(6);
    expect(await storage.readInto('s.jsonl', 8, into, 8, 4)).toBe(4);
    fs.writeFileSync(`${file}.new`, 'other text entirely\n');
    fs.renameSync(`${file}.new`, file);
    await expect(storage.readInto('s.jsonl', 12, into, 12, 8)).rejects.toThrow(/replaced while it was read/);
  });

  it('a derived document goes stale when its source is edited outside VMark; untouched files stay byte-identical', async () => {
    const root = tempDir();
    fs.mkdirSync(path.join(root, 'characters'));
    fs.writeFileSync(path.join(root, 'untouched.md'), 'never saved through VMark\r\n');
    const { kernel, save } = await open(root);
    expect((await status(kernel)).initialized).toBe(false);
    await save('characters/elena.md', 'Elena has green eyes.\n');
    await save('chapter.md', 'Her green eyes.\n', ['characters/elena.md']);
    expect(fs.readFileSync(path.join(root, 'characters/elena.md'), 'utf8')).toBe('Elena has green eyes.\n');
    const file = path.join(root, 'characters/elena.md');
    fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('green', 'grey'));
    expect((await edges(kernel)).map((e) => [e.upstream_path, e.downstream_path, e.state])).toEqual([['characters/elena.md', 'chapter.md', 'version-stale']]);
    expect(fs.readFileSync(path.join(root, 'untouched.md'), 'utf8')).toBe('never saved through VMark\r\n');
    expect(fs.readFileSync(path.join(root, '.vmark/.gitattributes'), 'utf8')).toContain('merge=union');
    // a second process (a fresh kernel) reads the same history
    const again = await open(root, kernel.writer);
    expect(await status(again.kernel)).toEqual({ initialized: true, objects: 2, open_items: 1, quarantined: 0, writer: kernel.writer });
  });

  it('a torn tail on disk is terminated by the next append and its line quarantined', async () => {
    const root = tempDir();
    const { kernel, save } = await open(root);
    await save('a.md', 'A\n');
    const segment = path.join(root, '.vmark/ledger', `${kernel.writer}.jsonl`);
    fs.appendFileSync(segment, '{"format":0,"id":"half');
    await save('b.md', 'B\n');
    const reader = await open(root);
    await edges(reader.kernel);
    expect((await status(reader.kernel)).quarantined).toBe(1);
    expect(fs.readFileSync(path.join(root, '.vmark/ledger/quarantine', `${kernel.writer}.jsonl.bad`), 'utf8')).toContain('{"format":0,"id":"half');
    expect(reader.kernel.objectAt('b.md')).toBeDefined();
  });

  it('git: a branch checkout is navigation, a commit changes nothing, a merge on the branch is a git revision; .vmark/cache is never tracked', async () => {
    const root = tempDir();
    git(root, 'init', '-q');
    const { kernel, save } = await open(root);
    const elena = (await save('elena.md', 'Elena has green eyes.\n')).written;
    await save('chapter.md', 'Her green eyes.\n', ['elena.md']);
    await edges(kernel);
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'first');
    expect(git(root, 'ls-files')).not.toContain('.vmark/cache');
    expect(git(root, 'ls-files')).toContain('.vmark/ledger/');
    await edges(kernel);
    git(root, 'checkout', '-qb', 'draft');
    fs.writeFileSync(path.join(root, 'elena.md'), elena.replace('green', 'violet'));
    git(root, 'commit', '-qam', 'violet on draft');
    // a new branch and its commit seen by one scan: HEAD left main, so the change is navigation
    expect(await edges(kernel)).toEqual([]);
    git(root, 'checkout', '-q', 'main');
    const before = kernel.objectAt('elena.md')!.revisions.size;
    expect(await edges(kernel)).toEqual([]);
    expect(kernel.objectAt('elena.md')!.revisions.size).toBe(before);
    expect(kernel.index.lastNavigation?.body.op).toBe('branch-switch');
  });
});
