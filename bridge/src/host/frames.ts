/** Chrome's native messaging frame: a 4-byte little-endian length, then that many bytes of UTF-8 JSON. */

/** Chrome refuses host->browser messages over 1 MB. */
export const MAX_HOST_TO_BROWSER_BYTES = 1024 * 1024;
/** Chrome sends at most 64 MiB to a host; anything declared larger is a broken stream. */
export const MAX_BROWSER_TO_HOST_BYTES = 64 * 1024 * 1024;
/** Raw bytes per chunk: base64 (4/3) plus the envelope stays well under 1 MB. */
export const CHUNK_RAW_BYTES = 700 * 1024;

export function encodeFrame(message: unknown): Buffer {
  return frameOf(JSON.stringify(message));
}

/** One buffer: the length, then the JSON's UTF-8 bytes written straight behind it. */
function frameOf(json: string): Buffer {
  const frame = Buffer.allocUnsafe(4 + Buffer.byteLength(json, 'utf8'));
  frame.writeUInt32LE(frame.length - 4, 0);
  frame.write(json, 4, 'utf8');
  return frame;
}

export type DecodedFrame =
  | { kind: 'message'; message: unknown }
  | { kind: 'malformed'; reason: string };

/**
 * Incremental decoder. A frame whose declared length is over the limit is reported once and its
 * bytes are skipped as they arrive, so the stream stays in sync and nothing is buffered.
 */
export class FrameDecoder {
  private buffer: Buffer = Buffer.alloc(0);
  private skipRemaining = 0;

  constructor(private readonly maxBytes = MAX_BROWSER_TO_HOST_BYTES) {}

  push(chunk: Buffer): DecodedFrame[] {
    const out: DecodedFrame[] = [];
    let data: Buffer = chunk;
    if (this.skipRemaining > 0) {
      const skipped = Math.min(this.skipRemaining, data.length);
      this.skipRemaining -= skipped;
      data = data.subarray(skipped);
    }
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, data]) : data;
    while (this.buffer.length >= 4) {
      const length = this.buffer.readUInt32LE(0);
      if (length > this.maxBytes) {
        out.push({ kind: 'malformed', reason: `frame length ${length} exceeds ${this.maxBytes} bytes` });
        const available = this.buffer.length - 4;
        this.skipRemaining = Math.max(0, length - available);
        this.buffer = this.buffer.subarray(4 + Math.min(length, available));
        continue;
      }
      if (this.buffer.length < 4 + length) break;
      const body = this.buffer.subarray(4, 4 + length).toString('utf8');
      this.buffer = this.buffer.subarray(4 + length);
      try {
        out.push({ kind: 'message', message: JSON.parse(body) });
      } catch {
        out.push({ kind: 'malformed', reason: 'frame body is not JSON' });
      }
    }
    return out;
  }

  /** Bytes of an incomplete frame left when the stream ended. */
  get pendingBytes(): number {
    return this.buffer.length;
  }
}

/** Frames for one message: the message itself, or base64 chunks of its UTF-8 bytes when it is over 1 MB. */
export function encodeForBrowser(message: unknown, chunkId: () => string): Buffer[] {
  // written out once: the frame of a message that fits is made from this same text
  const text = JSON.stringify(message);
  if (Buffer.byteLength(text, 'utf8') + 4 <= MAX_HOST_TO_BROWSER_BYTES) return [frameOf(text)];
  const json = Buffer.from(text, 'utf8');
  const id = chunkId();
  const total = Math.ceil(json.length / CHUNK_RAW_BYTES);
  const frames: Buffer[] = [];
  for (let seq = 0; seq < total; seq++) {
    const data = json.subarray(seq * CHUNK_RAW_BYTES, (seq + 1) * CHUNK_RAW_BYTES).toString('base64');
    frames.push(encodeFrame({ type: 'chunk', chunkId: id, seq, total, data }));
  }
  return frames;
}
