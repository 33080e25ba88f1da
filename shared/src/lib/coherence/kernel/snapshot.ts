import { utf8Length } from '../ids';
import { LEDGER_FORMAT } from '../ledger/entries';
import { INDEX_SNAPSHOT_PATH, LEDGER_DIR } from '../ledger/layout';
import type { SegmentCursor } from '../ledger/ledger';
import type { CoherenceStorage } from '../ledger/storage';
import { utf8Bytes, utf8Text } from '../utf8';
import type { CoherenceIndex } from './coherenceIndex';
import { PackedColumn } from './packedColumn';
import { decodeIndex, encodeIndex, INDEX_CODE_VERSION, type IndexColumns } from './snapshotCodec';

/**
 * The derived index saved in `.vmark/cache/` (never tracked), like git's index or ninja's
 * `.ninja_deps`: the index as of an offset in each segment, with the segment's first line and the
 * last line before the offset as fingerprints. Opening loads it and replays only what follows the
 * offsets. Anything that makes it untrustworthy (another version, a segment gone, shorter than its
 * offset or rewritten under it, a parse error) makes it "no snapshot": the ledger is replayed.
 */
const SNAPSHOT_VERSION = 3;

/**
 * The packed columns (revision ids and hashes, most seen idems: `packedColumn.ts`, 16 of 20 MB for
 * 200,000 entries; 28 MB as text) follow the JSON header line as bytes, named with their shape and length in the
 * header: loading keeps them as views of the bytes read (no copy, no string), and JSON.parse reads
 * only the rest. Each storage reads the file as bytes, so no 39 MB of text is decoded.
 */
type PackedName = 'revIds' | 'revHashes' | 'seen';

interface SnapshotFile {
  version: number;
  code: number;
  ledgerFormat: number;
  /** [name, bytes, lines, first line, last line before `bytes`] per segment read. */
  segments: [string, number, number, string, string][];
  quarantined: number;
  /** The index without the packed columns. */
  index: IndexColumns;
  /** [column, shape, bytes] per packed column stored after the header line, in order. */
  packed: [PackedName, string, number][];
}

/** The header line, then the packed columns. */
function snapshotBytes(file: Omit<SnapshotFile, 'packed'>): Uint8Array {
  const index: Partial<IndexColumns> = { ...file.index };
  const packed: SnapshotFile['packed'] = [];
  const after: Uint8Array[] = [];
  const store = (name: PackedName, column: PackedColumn) => {
    packed.push([name, column.shape, column.bytes.length]);
    after.push(column.bytes);
  };
  for (const name of ['revIds', 'revHashes'] as const) {
    const column = file.index[name];
    if (!(column instanceof PackedColumn)) continue;
    store(name, column);
    delete index[name];
  }
  for (const column of file.index.seenPacked) store('seen', column);
  delete index.seenPacked;
  // JSON.stringify writes no line break: the header ends at the first one
  const header = utf8Bytes(`${JSON.stringify({ ...file, index, packed })}\n`);
  const bytes = new Uint8Array(after.reduce((sum, part) => sum + part.length, header.length));
  bytes.set(header);
  let at = header.length;
  for (const part of after) {
    bytes.set(part, at);
    at += part.length;
  }
  return bytes;
}

/** The file back from its bytes, the packed columns as views of them; throws when it is another version or they do not add up to its length. */
function parseSnapshot(bytes: Uint8Array): SnapshotFile {
  const end = bytes.indexOf(10);
  if (end < 0) throw new Error('the snapshot has no header line');
  const file = JSON.parse(utf8Text(bytes.subarray(0, end))) as SnapshotFile;
  if (file?.version !== SNAPSHOT_VERSION) throw new Error('another snapshot version');
  if (!Array.isArray(file.packed)) throw new Error('the snapshot names no packed columns');
  file.index.seenPacked = [];
  let at = end + 1;
  for (const [name, shape, length] of file.packed) {
    if (typeof shape !== 'string' || !Number.isInteger(length) || length < 0 || at + length > bytes.length) throw new Error('a snapshot column is cut short');
    const column = new PackedColumn(shape, bytes.subarray(at, at + length));
    if (name === 'seen') file.index.seenPacked.push(column);
    else if ((name === 'revIds' || name === 'revHashes') && file.index[name] === undefined) file.index[name] = column;
    else throw new Error('a snapshot column is named twice or unknown');
    at += length;
  }
  if (at !== bytes.length) throw new Error('the snapshot does not end where its columns do');
  return file;
}

/** The index written into a snapshot's bytes and loaded back, as the next open loads it (property tests reload with it). */
export function reloadedIndex(index: CoherenceIndex): CoherenceIndex {
  const file = { version: SNAPSHOT_VERSION, code: INDEX_CODE_VERSION, ledgerFormat: LEDGER_FORMAT, segments: [], quarantined: 0, index: encodeIndex(index) };
  return decodeIndex(parseSnapshot(snapshotBytes(file)).index);
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
    const bytes = await storage.readBytes(INDEX_SNAPSHOT_PATH);
    if (!bytes?.length) return null;
    const file = parseSnapshot(bytes);
    if (file.code !== INDEX_CODE_VERSION || file.ledgerFormat !== LEDGER_FORMAT) return null;
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
    const bytes = snapshotBytes({
      version: SNAPSHOT_VERSION,
      code: INDEX_CODE_VERSION,
      ledgerFormat: LEDGER_FORMAT,
      segments: [...positions].map(([name, c]) => [name, c.bytes, c.lines, c.first, c.last]),
      quarantined,
      index: encodeIndex(index),
    });
    await storage.writeAtomic(INDEX_SNAPSHOT_PATH, bytes);
    return true;
  } catch {
    return false;
  }
}
