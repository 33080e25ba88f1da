import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { CACHE_DIR } from '@vmark/shared/lib/coherence/index';
import { isProcessAlive } from '../os/processes';

/** The lock file `vmark host` processes on one folder take turns by (derived state: never tracked). */
export const FOLDER_LOCK_PATH = `${CACHE_DIR}/scan.lock`;
/** A lock file not renewed for this long is a hung or reused-pid holder's: taken over. Renewed every third of it. */
export const LOCK_LEASE_MS = 10_000;
/**
 * How long to wait for another process's turn (a catch-up and an append: milliseconds) before
 * working without it (the index keeps one copy per idem).
 */
export const LOCK_WAIT_MS = 5_000;
const POLL_MS = 10;

export interface FolderLockOptions {
  leaseMs?: number;
  waitMs?: number;
}

/**
 * Runs `work` while this process holds `.vmark/cache/scan.lock` in `root`: made with O_EXCL, holding
 * this process's pid and a token, renewed (its mtime) while held, removed after (only if still
 * ours). A lock whose process is gone, or whose lease ran out, is stale and taken over; a live
 * holder is waited for at most `waitMs`, and a folder where no lock file can be made (read-only)
 * works without one. So another process never blocks this one forever, and where two still work at
 * once (a wait run out) the ledger's readers keep one copy per idem, as before.
 */
export async function withFolderLock<T>(root: string, work: () => Promise<T>, options: FolderLockOptions = {}): Promise<T> {
  const leaseMs = options.leaseMs ?? LOCK_LEASE_MS;
  const file = path.join(root, FOLDER_LOCK_PATH);
  const mine = `${process.pid} ${crypto.randomBytes(8).toString('hex')}\n`;
  const held = await acquire(file, mine, leaseMs, options.waitMs ?? LOCK_WAIT_MS);
  const renew = held ? setInterval(() => touch(file), leaseMs / 3) : null;
  renew?.unref();
  try {
    return await work();
  } finally {
    if (renew) clearInterval(renew);
    if (held) release(file, mine);
  }
}

async function acquire(file: string, mine: string, leaseMs: number, waitMs: number): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, mine, { flag: 'wx' });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') return false;
    }
    const holder = holderOf(file, leaseMs);
    if (holder === 'gone') continue;
    if (holder !== 'live') {
      takeOver(file, holder.stale);
      continue;
    }
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * `stale` (with the lock file's text): its process is gone (or is this one, whose turns are taken
 * in memory: a leftover), or its lease ran out; 'gone': the holder let go meanwhile.
 */
function holderOf(file: string, leaseMs: number): 'live' | 'gone' | { stale: string } {
  try {
    const text = fs.readFileSync(file, 'utf8');
    const pid = Number.parseInt(text, 10);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid || !isProcessAlive(pid)) return { stale: text };
    return Date.now() - fs.statSync(file).mtimeMs > leaseMs ? { stale: text } : 'live';
  } catch {
    return 'gone';
  }
}

/**
 * Removes the lock judged stale, and only that one. Two processes may judge the same lock stale at
 * once; a plain remove by the later one would delete the lock the earlier one has just made, and
 * both would hold it. The rename is atomic: what it moved aside is read back, and a lock that is not
 * the one judged (a fresh holder's, by its token) is put back where it was.
 */
export function takeOver(file: string, judged: string): void {
  const aside = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  try {
    fs.renameSync(file, aside);
  } catch {
    return; // gone meanwhile: the next turn of the loop makes its own
  }
  try {
    if (fs.readFileSync(aside, 'utf8') !== judged) fs.linkSync(aside, file);
  } catch {
    // a third process made a lock meanwhile: it holds the turn
  } finally {
    fs.rmSync(aside, { force: true });
  }
}

function touch(file: string): void {
  try {
    const now = new Date();
    fs.utimesSync(file, now, now);
  } catch {
    // taken over or removed: the work goes on; the readers' dedupe covers the overlap
  }
}

function release(file: string, mine: string): void {
  try {
    if (fs.readFileSync(file, 'utf8') === mine) fs.rmSync(file, { force: true });
  } catch {
    // gone already
  }
}
