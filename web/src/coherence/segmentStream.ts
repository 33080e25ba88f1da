/** The piece a read of a segment takes at a time, and how many are read ahead of the one parsed. */
const READ_PIECE = 1 << 20;
const READS_AHEAD = 2;

interface Reading {
  path: string;
  position: number;
  reader: ReadableStreamBYOBReader;
  ahead: Promise<ReadableStreamReadResult<Uint8Array>>[];
  /** What the caller had no room for, read first next time. */
  rest: Uint8Array | null;
  done: boolean;
}

/**
 * A replay's reading of a ledger segment where its file has no sync access handle (a folder the
 * person picked, on disk): a byte stream of the file as it was when the reading began (what was
 * appended since is read as the ledger's tail), read into a few buffers used again and again. A
 * whole segment's `arrayBuffer()`, or a default reader's pieces, are fresh memory each time, which
 * costs more than the reading. READS_AHEAD pieces are being read while the caller parses.
 */
export class SegmentStream {
  private reading: Reading | null = null;
  /** Buffers no read holds. */
  private buffers: ArrayBuffer[] = [];

  constructor(private readonly blob: (path: string) => Promise<Blob | null>) {}

  /** `CoherenceStorage.readInto`: reading on from where the last call stopped, else a new stream. */
  async readInto(path: string, position: number, into: Uint8Array, at: number, length: number): Promise<number> {
    let reading = this.reading;
    if (!reading || reading.path !== path || reading.position !== position) {
      if (reading) this.stop();
      const blob = await this.blob(path);
      if (!blob || position >= blob.size) return 0;
      reading = this.reading = { path, position, reader: blob.slice(position).stream().getReader({ mode: 'byob' }), ahead: [], rest: null, done: false };
    }
    let read = 0;
    try {
      while (read < length && !reading.done) {
        let piece = reading.rest;
        reading.rest = null;
        if (!piece) {
          this.readAhead(reading);
          const next = await (reading.ahead.shift() as Promise<ReadableStreamReadResult<Uint8Array>>);
          reading.done = next.done;
          if (next.done || !next.value) break;
          piece = next.value;
        }
        const taken = Math.min(piece.length, length - read);
        into.set(taken === piece.length ? piece : piece.subarray(0, taken), at + read);
        read += taken;
        // the read took a buffer over and gives it back as the piece's
        if (taken < piece.length) reading.rest = piece.subarray(taken);
        else this.buffers.push(piece.buffer as ArrayBuffer);
      }
      if (!reading.done) this.readAhead(reading);
    } catch (error) {
      this.stop();
      throw error;
    }
    reading.position += read;
    if (read === 0) this.stop();
    return read;
  }

  private readAhead(reading: Reading): void {
    while (reading.ahead.length < READS_AHEAD) {
      const buffer = this.buffers.pop() ?? new ArrayBuffer(READ_PIECE);
      reading.ahead.push(reading.reader.read(new Uint8Array(buffer)));
    }
  }

  private stop(): void {
    const reading = this.reading;
    this.reading = null;
    // reads still out keep their buffers: new ones are made when needed
    if (reading) void reading.reader.cancel().catch(() => undefined);
  }
}
