import type { EntryOf } from './entries';
import { asciiText } from '../utf8';
import { LineReader, lit, literal, NEWLINE, plain, type Literal } from './lineBytes';

/**
 * An `object-registered` line exactly as the kernel writes it (`JSON.stringify` of `kernel.entry`,
 * body `{object, path}`), every value printable ASCII without escapes: its entry, built without
 * decoding the line or `JSON.parse`. A full replay meets one per document and move (~5,000 in the
 * bench's workspace), and in a browser worker decoding each cost more than matching it. A line this
 * matches is one `parseLine` accepts, with the same entry; any other line is left to `parseLine`.
 */

const OPEN = lit('{"format":0,"id":"');
const KIND = lit('","kind":"object-registered","time":"');
const WRITER = lit('","writer":"');
const IDEM = lit('","idem":"');
const OBJECT = lit('","body":{"object":"');
const PATH = lit('","path":"');
const CLOSE = lit('"}}');
/** The literal before each value: id, time, writer, idem, object, path. */
const BEFORE = [OPEN, KIND, WRITER, IDEM, OBJECT, PATH];

export class RegistrationLine extends LineReader {
  /** The entry of the last line matched. */
  entry: EntryOf<'object-registered'> | null = null;
  /** Start and end of each value in the buffer. */
  private readonly at = new Int32Array(2 * BEFORE.length);

  /** Whether the line at `start` of `buf` is such a line: the position of the `\n` ending it (its entry in `entry`), or -1. */
  match(buf: Uint8Array, start: number): number {
    const view = this.reading(buf);
    const end = buf.length;
    const at = this.at;
    let p = start;
    for (let k = 0; k < BEFORE.length; k++) {
      p = literal(buf, view, p, BEFORE[k] as Literal);
      const q = plain(buf, p, end);
      if (q < 0) return -1;
      at[2 * k] = p;
      at[2 * k + 1] = q;
      p = q;
    }
    p = literal(buf, view, p, CLOSE);
    if (p < 0 || buf[p] !== NEWLINE) return -1;
    const value = (k: number): string => asciiText(buf, at[2 * k] as number, at[2 * k + 1] as number);
    this.entry = { format: 0, id: value(0), kind: 'object-registered', time: value(1), writer: value(2), idem: value(3), body: { object: value(4), path: value(5) } };
    return p;
  }
}
