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
const SNAPSHOT_VERSION = 1;

interface SnapshotFile {
  version: number;
  code: number;
  ledgerFormat: number;
  /** [name, bytes, lines, first line, last line before `bytes`] per segment read. */
  segments: [string, number, number, string, string][];
  quarantined: number;
  index: IndexColumns;
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

/** Whether each segment still holds, at its offset, the lines a cursor read there (its first line and the last one before the offset). */
export async function segmentsHold(storage: CoherenceStorage, positions: ReadonlyMap<string, SegmentCursor>): Promise<boolean> {
  for (const [name, { bytes, first, last }] of positions) {
    const path = `${LEDGER_DIR}/${name}`;
    const size = await storage.size(path);
    if (size === null || size < bytes || utf8Length(last) > bytes) return false;
    if ((await storage.readFrom(path, 0, utf8Length(first))) !== first) return false;
    if ((await storage.readFrom(path, bytes - utf8Length(last), bytes)) !== last) return false;
  }
  return true;
}

/** The snapshot if it is there and still describes the ledger's bytes; null otherwise (never throws). */
export async function readIndexSnapshot(storage: CoherenceStorage): Promise<LoadedSnapshot | null> {
  try {
    const text = await storage.readText(INDEX_SNAPSHOT_PATH);
    if (!text) return null;
    const file = JSON.parse(text) as SnapshotFile;
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
    const file: SnapshotFile = {
      version: SNAPSHOT_VERSION,
      code: INDEX_CODE_VERSION,
      ledgerFormat: LEDGER_FORMAT,
      segments: [...positions].map(([name, c]) => [name, c.bytes, c.lines, c.first, c.last]),
      quarantined,
      index: encodeIndex(index),
    };
    await storage.writeAtomic(INDEX_SNAPSHOT_PATH, JSON.stringify(file));
    return true;
  } catch {
    return false;
  }
}
