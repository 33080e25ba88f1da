import type { EntryOf } from './entries';
import { asciiText } from '../utf8';
import { LineReader, lit, literal, NEWLINE, plain } from './lineBytes';

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

export class RegistrationLine extends LineReader {
  /** The entry of the last line matched. */
  entry: EntryOf<'object-registered'> | null = null;


  /** Whether the line at `start` of `buf` is such a line: the position of the `\n` ending it (its entry in `entry`), or -1. */
  match(buf: Uint8Array, start: number): number {
    const view = this.reading(buf);
    const end = buf.length;
    const values: number[] = [];
    let p = start;
    for (const before of [OPEN, KIND, WRITER, IDEM, OBJECT, PATH]) {
      p = literal(buf, view, p, before);
      const q = plain(buf, p, end);
      if (q < 0) return -1;
      values.push(p, q);
      p = q;
    }
    p = literal(buf, view, p, CLOSE);
    if (p < 0 || buf[p] !== NEWLINE) return -1;
    const value = (k: number): string => asciiText(buf, values[2 * k] as number, values[2 * k + 1] as number);
    this.entry = { format: 0, id: value(0), kind: 'object-registered', time: value(1), writer: value(2), idem: value(3), body: { object: value(4), path: value(5) } };
    return p;
  }
}
