import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FOLDER_LOCK_PATH, takeOver, withFolderLock } from './folderLock';
import { NodeCoherenceStorage } from './nodeStorage';

const dirs: string[] = [];
const children: ChildProcess[] = [];
const tempDir = (): string => {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-lock-')));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const child of children.splice(0)) child.kill();
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** Another `vmark host` process: alive until killed. */
function otherProcess(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  return child;
}

const lockFile = (root: string) => path.join(root, FOLDER_LOCK_PATH);
function lockedBy(root: string, pid: number): void {
  fs.mkdirSync(path.dirname(lockFile(root)), { recursive: true });
  fs.writeFileSync(lockFile(root), `${pid} other\n`);
}
const holder = (root: string): number | null => (fs.existsSync(lockFile(root)) ? Number.parseInt(fs.readFileSync(lockFile(root), 'utf8'), 10) : null);

describe("the host's scan lock across processes (issue 14, COH-03)", () => {
  it("another live process's lock is waited for: the work starts only once it lets go, holds the lock itself, and removes it after", async () => {
    const root = tempDir();
    const other = otherProcess();
    lockedBy(root, other.pid as number);
    let released = false;
    const seen: (number | null)[] = [];
    const running = withFolderLock(root, async () => {
      seen.push(released ? holder(root) : -1);
      return 'done';
    });
    // the other process works on for a while, then lets go
    await new Promise((resolve) => setTimeout(resolve, 100));
    released = true;
    fs.rmSync(lockFile(root));
    expect(await running).toBe('done');
    expect(seen).toEqual([process.pid]);
    expect(holder(root)).toBeNull();
  });

  it('a lock left by a process that was killed is taken over at once; one whose lease ran out too', async () => {
    const root = tempDir();
    const killed = otherProcess();
    const pid = killed.pid as number;
    await new Promise((resolve) => {
      killed.on('exit', resolve);
      killed.kill('SIGKILL');
    });
    lockedBy(root, pid);
    expect(await withFolderLock(root, async () => holder(root))).toBe(process.pid);

    // a live holder that stopped renewing its lease (hung, or its pid reused)
    lockedBy(root, otherProcess().pid as number);
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(lockFile(root), old, old);
    expect(await withFolderLock(root, async () => holder(root))).toBe(process.pid);
    expect(holder(root)).toBeNull();
  });

  it('never blocks for ever: a live holder that keeps the lock past the wait is worked around; a lock taken over meanwhile is not removed by the one it was taken from', async () => {
    const root = tempDir();
    const other = otherProcess().pid as number;
    lockedBy(root, other);
    expect(await withFolderLock(root, async () => 'worked', { waitMs: 50 })).toBe('worked');
    expect(holder(root)).toBe(other);

    fs.rmSync(lockFile(root));
    await withFolderLock(root, async () => {
      // taken over while held (a lease ran out): the new holder's file stays
      lockedBy(root, other);
    });
    expect(holder(root)).toBe(other);
  });

  it("NodeCoherenceStorage.exclusive holds the folder's lock file during its work and a failed work lets go of it", async () => {
    const root = tempDir();
    const storage = new NodeCoherenceStorage(root);
    expect(await storage.exclusive(async () => holder(root))).toBe(process.pid);
    await expect(storage.exclusive(async () => Promise.reject(new Error('failed')))).rejects.toThrow('failed');
    expect(holder(root)).toBeNull();
    storage.close();
  });

  it('two processes that judged the same lock stale: the later take-over leaves the lock the earlier one has made meanwhile in place', () => {
    const root = tempDir();
    const killedHolder = '999999 dead\n';
    const fresh = `${process.pid} fresh\n`;
    fs.mkdirSync(path.dirname(lockFile(root)), { recursive: true });
    fs.writeFileSync(lockFile(root), killedHolder);
    // the earlier process takes the stale lock over and makes its own
    takeOver(lockFile(root), killedHolder);
    expect(fs.existsSync(lockFile(root))).toBe(false);
    fs.writeFileSync(lockFile(root), fresh, { flag: 'wx' });
    // the later one had judged the same stale text, and now takes over
    takeOver(lockFile(root), killedHolder);
    expect(fs.readFileSync(lockFile(root), 'utf8')).toBe(fresh);
    expect(fs.readdirSync(path.dirname(lockFile(root)))).toEqual(['scan.lock']);
  });
});
