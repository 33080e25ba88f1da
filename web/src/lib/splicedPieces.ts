/** `[from, to)` replaced by `insert` (the journal's `TextChange`). */
interface Splice {
  from: number;
  to: number;
  insert: string;
}

/** A range `[start, end)` of the base text, or text inserted by a splice. */
type Piece = string | readonly [start: number, end: number];

/**
 * A text made by splices of one flat base, kept with the pieces it was joined from.
 *
 * V8 joins `slice + insert + slice` lazily (a cons string) and copies the whole text into a new flat
 * string the first time anything reads a character of it: ~25 ms for 5 MB on this machine, once per
 * `selection.set`. Splicing from the pieces reads only what the splice touches, so a run of small
 * changes to a large document costs what the changes cost, until the text is read whole or
 * {@link MAX_PIECES} is reached (then one flat copy starts a new base).
 */
export interface SplicedPieces {
  readonly text: string;
  readonly base: string;
  readonly pieces: readonly Piece[];
}

export const MAX_PIECES = 64;

const lengthOf = (piece: Piece) => (typeof piece === 'string' ? piece.length : piece[1] - piece[0]);

/** `text` as the only piece of itself: its next splice slices it (and reads it whole once if V8 holds it unjoined). */
export function piecesOf(text: string): SplicedPieces {
  return { text, base: text, pieces: text.length === 0 ? [] : [[0, text.length]] };
}

/** The character code at `pos`, reading only the piece that holds it; NaN outside the text, as `charCodeAt`. */
export function charCodeAtPieces({ base, pieces }: SplicedPieces, pos: number): number {
  if (pos < 0) return NaN;
  let offset = 0;
  for (const piece of pieces) {
    const length = lengthOf(piece);
    if (pos < offset + length) return typeof piece === 'string' ? piece.charCodeAt(pos - offset) : base.charCodeAt(piece[0] + pos - offset);
    offset += length;
  }
  return NaN;
}

/** `text.slice(from, to)` (0 ≤ from ≤ to), reading only the pieces it overlaps. */
export function slicePieces({ base, pieces }: SplicedPieces, from: number, to: number): string {
  let out = '';
  let offset = 0;
  for (const piece of pieces) {
    const length = lengthOf(piece);
    const start = Math.max(from, offset);
    const end = Math.min(to, offset + length);
    if (start < end) out += typeof piece === 'string' ? piece.slice(start - offset, end - offset) : base.slice(piece[0] + start - offset, piece[0] + end - offset);
    offset += length;
    if (offset >= to) break;
  }
  return out;
}

/** The pieces of `text` with `[from, to)` replaced by `insert`; null when that would exceed {@link MAX_PIECES}. */
export function splicePieces(spliced: SplicedPieces, { from, to, insert }: Splice): SplicedPieces | null {
  const { base } = spliced;
  const pieces: Piece[] = [];
  // neighbours merge: inserted text with inserted text, adjacent ranges of the base into one
  const keep = (piece: Piece) => {
    if (lengthOf(piece) === 0) return;
    const last = pieces[pieces.length - 1];
    if (typeof last === 'string' && typeof piece === 'string') pieces[pieces.length - 1] = last + piece;
    else if (last !== undefined && typeof last !== 'string' && typeof piece !== 'string' && last[1] === piece[0]) pieces[pieces.length - 1] = [last[0], piece[1]];
    else pieces.push(piece);
  };
  let offset = 0;
  let inserted = false;
  for (const piece of spliced.pieces) {
    const length = lengthOf(piece);
    const end = offset + length;
    // the part of this piece before `from`
    if (offset < from) keep(cut(piece, 0, Math.min(from, end) - offset));
    if (!inserted && end >= from) {
      keep(insert);
      inserted = true;
    }
    // the part of this piece from `to` on
    if (end > to) keep(cut(piece, Math.max(to, offset) - offset, length));
    offset = end;
  }
  if (!inserted) keep(insert);
  if (pieces.length > MAX_PIECES) return null;
  // `+` joins lazily: no piece is copied, and the base's ranges are slices that share its characters
  let text = '';
  for (const piece of pieces) text += typeof piece === 'string' ? piece : base.slice(piece[0], piece[1]);
  return { text, base, pieces };
}

function cut(piece: Piece, start: number, end: number): Piece {
  return typeof piece === 'string' ? piece.slice(start, end) : [piece[0] + start, piece[0] + end];
}
