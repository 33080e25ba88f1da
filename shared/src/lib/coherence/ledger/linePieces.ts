/** Bytes a piece of a ledger replay is read in: each piece's text stays a young object (a bigger string is born old). */
export const LINE_PIECE_BYTES = 1 << 16;

/** Reads up to `length` bytes at file `position` into `into` at `at`; 0 at the end of the file. */
export type ReadAt = (into: Uint8Array, at: number, position: number, length: number) => number | Promise<number>;

/**
 * `CoherenceStorage.readLines` over any positional read: one buffer, reused, cut after its last
 * `\n` (never inside a UTF-8 sequence), the unfinished line carried to the next read. Resolves to
 * the bytes of the whole lines handed on.
 */
export async function readLinePieces(
  readAt: ReadAt,
  decode: (bytes: Uint8Array) => string,
  range: { from: number; to: number },
  take: (lines: string) => void,
  pieceBytes = LINE_PIECE_BYTES,
): Promise<number> {
  let buffer = new Uint8Array(pieceBytes);
  let kept = 0;
  let position = range.from;
  let handed = 0;
  while (position < range.to) {
    if (kept === buffer.length) {
      const grown = new Uint8Array(buffer.length * 2);
      grown.set(buffer);
      buffer = grown;
    }
    const got = await readAt(buffer, kept, position, Math.min(buffer.length - kept, range.to - position));
    if (got === 0) break;
    position += got;
    const filled = kept + got;
    const end = buffer.lastIndexOf(0x0a, filled - 1);
    if (end < 0) {
      kept = filled;
      continue;
    }
    take(decode(buffer.subarray(0, end + 1)));
    handed += end + 1;
    buffer.copyWithin(0, end + 1, filled);
    kept = filled - end - 1;
  }
  return handed;
}
