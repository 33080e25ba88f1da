import { sha256Hex, utf8Length } from '../ids';
import { utf8Line } from '../utf8';
import { LEDGER_FORMAT, parseLine, type Entry, type EntryOf, type KnownEntry } from './entries';
import {
  GITATTRIBUTES,
  GITIGNORE,
  LEDGER_DIR,
  LEDGER_MARKERS,
  QUARANTINE_DIR,
  SEGMENT_ROTATE_BYTES,
  VMARK_DIR,
  segmentName,
  segmentNumber,
  snapshotPath,
} from './layout';
import type { CoherenceStorage } from './storage';

/** A ledger line that could not be read: copied to `quarantine/<segment>.bad`, skipped, diagnosed once. */
export interface MalformedLine {
  segment: string;
  line: number;
  reason: string;
  text: string;
}

export interface LedgerRead {
  /** true when a segment shrank or vanished: the caller drops its index and applies `entries` afresh. */
  reset: boolean;
  entries: (KnownEntry | Entry)[];
  malformed: MalformedLine[];
}

/** The whole lines of a segment's text read at once (`byteLength` bytes) handed to `take`; the bytes they span. */
function wholeLines(text: string, byteLength: number, take: (lines: string) => void): number {
  const end = text.lastIndexOf('\n');
  if (end < 0) return 0;
  take(text.slice(0, end + 1));
  return byteLength - utf8Length(text.slice(end + 1));
}

const NEWLINE = 0x0a;
/** The buffer a replay reads the ledger through (grown for a longer line). */
const READ_PIECE = 1 << 20;

const grown = (bytes: Uint8Array): Uint8Array => {
  const more = new Uint8Array(Math.max(READ_PIECE, bytes.length * 2));
  more.set(bytes);
  return more;
};

/** A line's entry handed to `take`, or the line added to `malformed` (`number` counts from 1); a blank line is neither. */
function readLine(text: string, segment: string, number: number, take: (entry: KnownEntry | Entry) => void, malformed: MalformedLine[]): void {
  if (text.trim() === '') return;
  const parsed = parseLine(text);
  if (parsed.ok) take(parsed.entry);
  else malformed.push({ segment, line: number, reason: parsed.reason, text });
}

/** A malformed line's diagnostic idem: every writer that finds the line names it the same. */
export const quarantineIdem = (bad: MalformedLine): string => `quarantine:${sha256Hex(`${bad.segment}\n${bad.line}\n${bad.text}`)}`;

/**
 * How far a segment has been read: `bytes` and `lines` up to the end of its last complete line,
 * with the segment's first line and the last line before `bytes` (the index snapshot's fingerprints).
 */
export interface SegmentCursor {
  bytes: number;
  lines: number;
  first: string;
  last: string;
}

/**
 * The append-only ledger in `.vmark/ledger/`: one JSONL segment per writer (rotating at 8 MiB),
 * read incrementally (only bytes appended since the last read, ninja-style). A last line without
 * its `\n` is a torn write: readers leave it, and the writer terminates it before its next append.
 */
export class Ledger {
  private cursors = new Map<string, SegmentCursor>();

  constructor(
    private readonly storage: CoherenceStorage,
    readonly writer: string,
  ) {}

  /** Whether this workspace keeps a ledger (see LEDGER_MARKERS). */
  async initialized(): Promise<boolean> {
    const [gitFiles, segments] = LEDGER_MARKERS;
    return (await this.storage.size(gitFiles)) !== null || (await this.storage.isDirectory(segments));
  }

  /** Creates `.vmark/` with its git files; a no-op when it exists. */
  async init(): Promise<void> {
    if (await this.initialized()) return;
    await this.storage.writeAtomic(`${VMARK_DIR}/.gitattributes`, GITATTRIBUTES);
    await this.storage.writeAtomic(`${VMARK_DIR}/.gitignore`, GITIGNORE);
  }

  /** Complete lines appended to any segment since the last read. */
  async readNew(): Promise<LedgerRead> {
    const entries: (KnownEntry | Entry)[] = [];
    const { reset, malformed } = await this.readEach((entry) => entries.push(entry));
    return { reset, entries, malformed };
  }

  /**
   * `readNew` with each entry handed to `take` as it is parsed, not collected: a replay of the whole
   * ledger (125 MB at 200,000 entries) holds neither its text nor its entries at once.
   */
  async readEach(take: (entry: KnownEntry | Entry) => void): Promise<Omit<LedgerRead, 'entries'>> {
    const names = (await this.storage.list(LEDGER_DIR)).filter((n) => n.endsWith('.jsonl')).sort();
    let reset = false;
    const sizes = new Map<string, number>();
    for (const name of names) sizes.set(name, (await this.storage.size(`${LEDGER_DIR}/${name}`)) ?? 0);
    for (const [name, cursor] of this.cursors) {
      if ((sizes.get(name) ?? -1) < cursor.bytes) reset = true;
    }
    if (reset) this.cursors = new Map();
    const malformed: MalformedLine[] = [];
    const cursorOf = (name: string): SegmentCursor => this.cursors.get(name) ?? { bytes: 0, lines: 0, first: '', last: '' };
    const pending = names.filter((name) => (sizes.get(name) ?? 0) !== cursorOf(name).bytes);
    // a storage without readLines reads a segment whole: the next one is read while this one is parsed
    const whole = (name: string | undefined) => (name === undefined || this.storage.readLines ? null : this.storage.readFrom(`${LEDGER_DIR}/${name}`, cursorOf(name).bytes, sizes.get(name)));
    let ahead = whole(pending[0]);
    for (const [i, name] of pending.entries()) {
      const cursor = cursorOf(name);
      const size = sizes.get(name) ?? 0;
      const text = ahead === null ? null : await ahead;
      ahead = whole(pending[i + 1]);
      ahead?.catch(() => undefined); // awaited in the next round; not unhandled if this one throws
      let lines = cursor.lines;
      let first = cursor.first;
      let last = cursor.last;
      const takeLines = (piece: string): void => {
        let start = 0;
        let line = '';
        for (let end = piece.indexOf('\n'); end >= 0; start = end + 1, end = piece.indexOf('\n', start)) {
          line = piece.slice(start, end);
          if (lines++ === cursor.lines && cursor.bytes === 0) first = `${line}\n`;
          readLine(line, name, lines, take, malformed);
        }
        last = `${line}\n`;
      };
      const bytes = text === null ? await (this.storage.readLines as NonNullable<CoherenceStorage['readLines']>)(`${LEDGER_DIR}/${name}`, cursor.bytes, size, takeLines) : wholeLines(text, size - cursor.bytes, takeLines);
      if (bytes === 0) continue;
      this.cursors.set(name, { bytes: cursor.bytes + bytes, lines, first, last });
    }
    return { reset, malformed };
  }

  /**
   * Reads every segment from its start as bytes (the reading restarts), for a replay of the whole
   * ledger: `line(bytes, start)` may take the line at `start`, answering the position of its `\n`
   * (-1: not taken); a line it does not take is decoded and parsed, its entry handed to `take`.
   * `take` answering false stops the read: null then, and the positions are to be reset.
   */
  async readWhole(line: (bytes: Uint8Array, start: number) => number, take: (entry: KnownEntry | Entry) => boolean): Promise<Omit<LedgerRead, 'entries' | 'reset'> | null> {
    this.cursors = new Map();
    const names = (await this.storage.list(LEDGER_DIR)).filter((n) => n.endsWith('.jsonl')).sort();
    const malformed: MalformedLine[] = [];
    let stopped = false;
    const takeEntry = (entry: KnownEntry | Entry): void => {
      if (!take(entry)) stopped = true;
    };
    this.storage.readingNext?.(names.map((name) => `${LEDGER_DIR}/${name}`));
    let buffer: Uint8Array = new Uint8Array(this.storage.readInto ? READ_PIECE : 0);
    // without readInto each segment is read whole, the next one while this one is parsed
    const wholly = (i: number) => (this.storage.readInto || i >= names.length ? null : this.storage.readBytes(`${LEDGER_DIR}/${names[i] as string}`));
    let ahead = wholly(0);
    for (const [i, name] of names.entries()) {
      const path = `${LEDGER_DIR}/${name}`;
      const whole = ahead === null ? null : await ahead;
      ahead = wholly(i + 1);
      ahead?.catch(() => undefined); // awaited in the next round; not unhandled if this one stops
      /** The segment's bytes read and taken (whole lines), those in `buffer` after them, lines taken. */
      let taken = 0;
      let held = 0;
      let lines = 0;
      let first = '';
      let last = '';
      for (let done = false; !done; ) {
        let bytes: Uint8Array;
        if (!this.storage.readInto) {
          bytes = whole ?? new Uint8Array(0);
          done = true;
        } else {
          // a line longer than the buffer: room for all of it
          if (held === buffer.length) buffer = grown(buffer);
          const got = await this.storage.readInto(path, taken + held, buffer, held, buffer.length - held);
          done = got === 0;
          held += got;
          // whole lines only (but a torn last one at the end): `line` is not asked about a line the
          // piece cut, which it fails on wherever the cut falls: a path V8's optimised code lacks
          const lastEnd = done ? -1 : buffer.subarray(held - got, held).lastIndexOf(NEWLINE);
          // no line ends in what came: read on (a long line is not scanned again and again)
          if (!done && lastEnd < 0) continue;
          bytes = buffer.subarray(0, done ? held : held - got + lastEnd + 1);
        }
        let start = 0;
        let lastStart = -1;
        while (start < bytes.length) {
          let end = line(bytes, start);
          let text: string | null = null;
          if (end < 0) {
            end = bytes.indexOf(NEWLINE, start);
            if (end < 0) break;
            text = utf8Line(bytes, start, end);
            readLine(text, name, lines + 1, takeEntry, malformed);
            if (stopped) return null;
          }
          if (lines++ === 0) first = `${text ?? utf8Line(bytes, start, end)}\n`;
          lastStart = start;
          start = end + 1;
        }
        if (lastStart >= 0) last = `${utf8Line(bytes, lastStart, start - 1)}\n`;
        taken += start;
        held -= start;
        if (whole === null) buffer.copyWithin(0, start, start + held);
      }
      if (lines > 0) this.cursors.set(name, { bytes: taken, lines, first, last });
    }
    return { malformed };
  }

  /** The bytes of every segment (asked all at once: in a browser worker each is a round trip). */
  async byteSize(): Promise<number> {
    const names = (await this.storage.list(LEDGER_DIR)).filter((name) => name.endsWith('.jsonl'));
    const sizes = await Promise.all(names.map((name) => this.storage.size(`${LEDGER_DIR}/${name}`)));
    return sizes.reduce<number>((sum, size) => sum + (size ?? 0), 0);
  }

  /** Where each segment's reading stands (the index snapshot records it). */
  positions(): Map<string, SegmentCursor> {
    return new Map(this.cursors);
  }

  /** Continues from positions a trusted index snapshot covers: the next read returns only what follows them. */
  resume(positions: ReadonlyMap<string, SegmentCursor>): void {
    this.cursors = new Map(positions);
  }

  /** Copies malformed lines to quarantine and returns their diagnostic entries (idem = digest of segment and line). */
  async quarantine(lines: MalformedLine[], time: string, newId: () => string): Promise<EntryOf<'diagnostic'>[]> {
    const diagnostics: EntryOf<'diagnostic'>[] = [];
    for (const bad of lines) {
      try {
        await this.storage.append(`${QUARANTINE_DIR}/${bad.segment}.bad`, `# line ${bad.line}, ${bad.reason}\n${bad.text}\n`);
      } catch {
        // the read still succeeds; the diagnostic below still reaches the index
      }
      diagnostics.push({
        format: LEDGER_FORMAT,
        id: newId(),
        kind: 'diagnostic',
        time,
        writer: this.writer,
        idem: quarantineIdem(bad),
        body: { code: 'QUARANTINED', message: `${bad.segment} line ${bad.line}: ${bad.reason}; the line was moved to ${QUARANTINE_DIR}/${bad.segment}.bad` },
      });
    }
    return diagnostics;
  }

  /** Appends to this writer's newest segment in one write, terminating a torn last line first; the bytes written. */
  async append(entries: readonly Entry[]): Promise<number> {
    if (entries.length === 0) return 0;
    await this.init();
    const own = (await this.storage.list(LEDGER_DIR))
      .map((name) => segmentNumber(name, this.writer))
      .filter((n): n is number => n !== null);
    let n = own.length === 0 ? 0 : Math.max(...own);
    let name = segmentName(this.writer, n);
    let size = (await this.storage.size(`${LEDGER_DIR}/${name}`)) ?? 0;
    if (size >= SEGMENT_ROTATE_BYTES) {
      n += 1;
      name = segmentName(this.writer, n);
      size = 0;
    }
    const path = `${LEDGER_DIR}/${name}`;
    const cursor = this.cursors.get(name);
    // reading stopped right after a line's `\n`: a segment still that size ends with one
    const torn = size > 0 && cursor?.bytes !== size && (await this.storage.readFrom(path, size - 1)) !== '\n';
    const lines = entries.map((e) => JSON.stringify(e));
    const text = `${torn ? '\n' : ''}${lines.join('\n')}\n`;
    const at = await this.storage.append(path, text);
    // Written right where this ledger's reading of the segment stopped (another window of the same
    // writer appended nothing in between): the next read need not read these bytes back.
    if (!torn && typeof at === 'number' && at === (cursor?.bytes ?? 0)) {
      this.cursors.set(name, {
        bytes: at + utf8Length(text),
        lines: (cursor?.lines ?? 0) + lines.length,
        first: cursor && cursor.bytes > 0 ? cursor.first : `${lines[0]}\n`,
        last: `${lines[lines.length - 1]}\n`,
      });
    }
    return utf8Length(text);
  }

  /** Stores the masked canonical text under its hash (self-verifying; written once). */
  async storeSnapshot(hash: string, masked: string): Promise<void> {
    const path = snapshotPath(hash);
    if ((await this.storage.size(path)) !== null) return;
    await (this.storage.writeOnce ? this.storage.writeOnce(path, masked) : this.storage.writeAtomic(path, masked));
  }

  readSnapshot(hash: string): Promise<string | null> {
    return this.storage.readText(snapshotPath(hash));
  }
}
