import { SCAN_STATE_PATH } from '../ledger/layout';
import type { CoherenceStorage } from '../ledger/storage';
import { StatCache, type SeenFile } from './statCache';

export interface GitHead {
  /** `refs/heads/main`, or null when HEAD is detached. */
  ref: string | null;
  commit: string | null;
  /** A merge is in progress (MERGE_HEAD exists): what changes now is a git mutation, not navigation. */
  merging: boolean;
}

/** What the last scan saw: stat data lets the next one re-read only files whose size or mtime changed (like git's index). */
export interface ScanState {
  git: GitHead | null;
  files: StatCache;
  /**
   * The index and its entry count when the scan ended (memory only, never saved): while both are
   * unchanged, the next scan needs to look only at the files the storage's watch reports changed.
   */
  mark?: { index: object; entries: number };
}

export async function loadScanState(storage: CoherenceStorage): Promise<ScanState> {
  try {
    const raw = JSON.parse((await storage.readText(SCAN_STATE_PATH)) ?? 'null') as { git: GitHead | null; files: Record<string, SeenFile> } | null;
    if (raw && typeof raw === 'object' && raw.files) return { git: raw.git ?? null, files: new StatCache(Object.entries(raw.files)) };
  } catch {
    // a damaged cache is rebuilt by the scan
  }
  return { git: null, files: new StatCache() };
}

export async function saveScanState(storage: CoherenceStorage, state: { git: GitHead | null; files: ReadonlyMap<string, SeenFile> }): Promise<void> {
  await storage.writeAtomic(SCAN_STATE_PATH, JSON.stringify({ git: state.git, files: Object.fromEntries(state.files) }));
}

/** HEAD of a repository at the workspace root, read from `.git/` (null when there is none). */
export async function readGitHead(storage: CoherenceStorage): Promise<GitHead | null> {
  const head = (await storage.readText('.git/HEAD'))?.trim();
  if (!head) return null;
  const merging = (await storage.readText('.git/MERGE_HEAD')) !== null;
  if (!head.startsWith('ref: ')) return { ref: null, commit: head, merging };
  const ref = head.slice(5).trim();
  let commit = (await storage.readText(`.git/${ref}`))?.trim() ?? null;
  if (!commit) {
    const packed = (await storage.readText('.git/packed-refs')) ?? '';
    commit = packed.split('\n').find((line) => line.endsWith(` ${ref}`))?.split(' ')[0] ?? null;
  }
  return { ref, commit, merging };
}

export type GitChange = 'none' | 'navigation' | 'mutation';

/**
 * Files that changed while HEAD moved: a branch switch or detach is navigation (no new
 * revisions); the same branch moving on, or a merge in progress, is a git mutation.
 */
export function classifyGitChange(before: GitHead | null, after: GitHead | null): GitChange {
  if (after?.merging) return 'mutation';
  if (!before || !after) return 'none';
  if (before.ref !== after.ref) return 'navigation';
  if (before.commit !== after.commit) return after.ref === null ? 'navigation' : 'mutation';
  return 'none';
}
