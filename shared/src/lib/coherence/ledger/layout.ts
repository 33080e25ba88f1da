/** `.vmark/` at the workspace root, created on the first capture. */
export const VMARK_DIR = '.vmark';
export const LEDGER_DIR = `${VMARK_DIR}/ledger`;
/**
 * A workspace keeps a ledger when one of these exists: `.vmark/` alone is not enough, other data
 * lives there too (review comments in `.vmark/comments`).
 */
export const LEDGER_MARKERS = [`${VMARK_DIR}/.gitattributes`, LEDGER_DIR] as const;
export const QUARANTINE_DIR = `${LEDGER_DIR}/quarantine`;
export const CONTEXTS_DIR = `${VMARK_DIR}/contexts`;
export const SNAPSHOTS_DIR = `${VMARK_DIR}/snapshots/sha256`;
/** Derived state (the index and the scan's stat cache): rebuilt from the ledger, never tracked. */
export const CACHE_DIR = `${VMARK_DIR}/cache`;
export const SCAN_STATE_PATH = `${CACHE_DIR}/scan.json`;
/** The index as of given offsets in the segments (`kernel/snapshot.ts`): opening replays only what follows them. */
export const INDEX_SNAPSHOT_PATH = `${CACHE_DIR}/index.json`;

/** A writer starts a new segment once its current one reaches this size. */
export const SEGMENT_ROTATE_BYTES = 8 * 1024 * 1024;

/** Segments merge by union (each line is a self-identified entry); the index is never tracked. */
export const GITATTRIBUTES = 'ledger/*.jsonl merge=union\n';
export const GITIGNORE = 'cache/\n';

/** `<writer>.jsonl`, then `<writer>-001.jsonl`, `<writer>-002.jsonl`, … */
export function segmentName(writer: string, n: number): string {
  return n === 0 ? `${writer}.jsonl` : `${writer}-${String(n).padStart(3, '0')}.jsonl`;
}

export function segmentNumber(name: string, writer: string): number | null {
  if (name === `${writer}.jsonl`) return 0;
  const match = new RegExp(`^${writer}-(\\d{3,})\\.jsonl$`).exec(name);
  return match ? Number(match[1]) : null;
}

export function snapshotPath(hash: string): string {
  const hex = hash.replace(/^sha256:/, '');
  return `${SNAPSHOTS_DIR}/${hex.slice(0, 2)}/${hex.slice(2)}`;
}
