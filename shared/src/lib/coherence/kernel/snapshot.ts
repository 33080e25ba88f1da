import { utf8Length } from '../ids';
import { LEDGER_FORMAT } from '../ledger/entries';
import { INDEX_SNAPSHOT_PATH, LEDGER_DIR } from '../ledger/layout';
import type { SegmentCursor } from '../ledger/ledger';
import type { CoherenceStorage } from '../ledger/storage';
import type { CoherenceIndex } from './coherenceIndex';
import { decodeIndex, encodeIndex, INDEX_CODE_VERSION, type IndexColumns } from './snapshotCodec';

/**
 * The derived index saved in `.vmark/cache/` (never tracked), like git's index or ninja's
 * `.ninja_deps`: the index as of an offset in each segment, with the segment's first line and the
 * last line before the offset as fingerprints. Opening loads it and replays only what follows the
 * offsets. Anything that makes it untrustworthy (another version, a segment gone, shorter than its
 * offset or rewritten under it, a parse error) makes it "no snapshot": the ledger is replayed.
 */
const SNAPSHOT_VERSION = 2;

/**
 * The long `\n`-joined columns (revision ids and hashes, the seen idems: 28 of 39 MB for 200,000
 * entries) follow the JSON header line as they are, their lengths in the header: loading takes them
 * as slices of the text read (no copy), and JSON.parse reads only the rest. A column that is an
 * array (a value holds `\n`) stays in the header.
 */
const RAW_COLUMNS = ['revIds', 'revHashes', 'seen'] as const;
type RawColumn = (typeof RAW_COLUMNS)[number];

interface SnapshotFile {
  version: number;
  code: number;
  ledgerFormat: number;
  /** [name, bytes, lines, first line, last line before `bytes`] per segment read. */
  segments: [string, number, number, string, string][];
  quarantined: number;
  /** The index without the columns stored after the header line. */
  index: IndexColumns;
  /** The length of each column stored after the header line, in `RAW_COLUMNS` order. */
  raw: Partial<Record<RawColumn, number>>;
}

/** The header line, then the raw columns. */
function snapshotText(file: Omit<SnapshotFile, 'raw'>): string {
  const index: Partial<IndexColumns> = { ...file.index };
  const raw: SnapshotFile['raw'] = {};
  const after: string[] = [];
  for (const name of RAW_COLUMNS) {
    const column = file.index[name];
    if (typeof column !== 'string') continue;
    raw[name] = column.length;
    after.push(column);
    delete index[name];
  }
  // JSON.stringify writes no line break: the header ends at the first one
  return `${JSON.stringify({ ...file, index, raw })}\n${after.join('')}`;
}

/** The file back from its text, the raw columns sliced out of it; throws when they do not add up to its length. */
function parseSnapshot(text: string): SnapshotFile {
  const end = text.indexOf('\n');
  if (end < 0) throw new Error('the snapshot has no header line');
  const file = JSON.parse(text.slice(0, end)) as SnapshotFile;
  let at = end + 1;
  for (const name of RAW_COLUMNS) {
    const length = file.raw?.[name];
    if (length === undefined) continue;
    if (!Number.isInteger(length) || length < 0 || at + length > text.length) throw new Error('a snapshot column is cut short');
    file.index[name] = text.slice(at, at + length);
    at += length;
  }
  if (at !== text.length) throw new Error('the snapshot does not end where its columns do');
  return file;
}

export interface LoadedSnapshot {
  index: CoherenceIndex;
  positions: Map<string, SegmentCursor>;
  quarantined: number;
  /** Ledger bytes the snapshot covers. */
  bytes: number;
}

/** A tail replay this long (or a full replay of at least `minBytes`) is worth a new snapshot. */
export const SNAPSHOT_MIN_BYTES = 1024 * 1024;
const SNAPSHOT_MAX_TAIL_BYTES = 8 * 1024 * 1024;

/** Whether opening replayed enough to write a new snapshot: any full replay of `minBytes`, or a tail over 10 % of what the snapshot covered (or 8 MiB). */
export const worthSnapshot = (covered: number, tail: number, minBytes: number): boolean =>
  tail >= minBytes && tail > 0 && (covered === 0 || tail * 10 > covered || tail > SNAPSHOT_MAX_TAIL_BYTES);

export const coveredBytes = (positions: ReadonlyMap<string, SegmentCursor>): number => {
  let bytes = 0;
  for (const cursor of positions.values()) bytes += cursor.bytes;
  return bytes;
};

/**
 * Whether each segment still holds, at its offset, the lines a cursor read there (its first line and
 * the last one before the offset). All segments are looked at together: in a browser worker each
 * look is a round trip to the browser process.
 */
export async function segmentsHold(storage: CoherenceStorage, positions: ReadonlyMap<string, SegmentCursor>): Promise<boolean> {
  const holds = await Promise.all([...positions].map(([name, cursor]) => segmentHolds(storage, `${LEDGER_DIR}/${name}`, cursor)));
  return holds.every(Boolean);
}

async function segmentHolds(storage: CoherenceStorage, path: string, { bytes, first, last }: SegmentCursor): Promise<boolean> {
  const size = await storage.size(path);
  if (size === null || size < bytes || utf8Length(last) > bytes) return false;
  const [head, end] = await Promise.all([storage.readFrom(path, 0, utf8Length(first)), storage.readFrom(path, bytes - utf8Length(last), bytes)]);
  return head === first && end === last;
}

/** The snapshot if it is there and still describes the ledger's bytes; null otherwise (never throws). */
export async function readIndexSnapshot(storage: CoherenceStorage): Promise<LoadedSnapshot | null> {
  try {
    const text = await storage.readText(INDEX_SNAPSHOT_PATH);
    if (!text) return null;
    const file = parseSnapshot(text);
    if (file?.version !== SNAPSHOT_VERSION || file.code !== INDEX_CODE_VERSION || file.ledgerFormat !== LEDGER_FORMAT) return null;
    const positions = new Map<string, SegmentCursor>();
    for (const [name, bytes, lines, first, last] of file.segments) positions.set(name, { bytes, lines, first, last });
    if (!(await segmentsHold(storage, positions))) return null;
    return { index: decodeIndex(file.index), positions, quarantined: file.quarantined, bytes: coveredBytes(positions) };
  } catch {
    return null;
  }
}

/** Saves the index as of `positions` (atomically); a failure only means the next open replays more. */
export async function writeIndexSnapshot(storage: CoherenceStorage, index: CoherenceIndex, positions: ReadonlyMap<string, SegmentCursor>, quarantined: number): Promise<boolean> {
  try {
    const text = snapshotText({
      version: SNAPSHOT_VERSION,
      code: INDEX_CODE_VERSION,
      ledgerFormat: LEDGER_FORMAT,
      segments: [...positions].map(([name, c]) => [name, c.bytes, c.lines, c.first, c.last]),
      quarantined,
      index: encodeIndex(index),
    });
    await storage.writeAtomic(INDEX_SNAPSHOT_PATH, text);
    return true;
  } catch {
    return false;
  }
}
