/** The platform's TextEncoder and TextDecoder (Node and browsers both have them; shared's lib has no type for them). */
const platform = globalThis as unknown as {
  TextEncoder: new () => { encode(text: string): Uint8Array };
  TextDecoder: new (label?: string, options?: { ignoreBOM?: boolean }) => { decode(bytes: Uint8Array): string };
};
const encoder = new platform.TextEncoder();
const decoder = new platform.TextDecoder();

export const utf8Bytes = (text: string): Uint8Array => encoder.encode(text);
export const utf8Text = (bytes: Uint8Array): string => decoder.decode(bytes);

const lineDecoder = new platform.TextDecoder('utf-8', { ignoreBOM: true });
/** From this many bytes on, the decoder makes a line faster than `asciiText` (measured in Node and Chromium; below it, a browser's decoder call costs more). */
const DECODER_BYTES = 96;
/**
 * A line out of a file's bytes, a byte-order mark kept as a character (decoding the whole file would
 * keep it too). A short ASCII line is made without the decoder, whose every call costs about half a
 * microsecond in a browser; a long line, of any bytes, by the decoder.
 */
export function utf8Line(bytes: Uint8Array, start: number, end: number): string {
  if (end - start >= DECODER_BYTES) return lineDecoder.decode(bytes.subarray(start, end));
  for (let i = start; i < end; i++) if ((bytes[i] as number) > 0x7f) return lineDecoder.decode(bytes.subarray(start, end));
  return asciiText(bytes, start, end);
}

/** A plain array of char codes per length up to CODES_MOST, reused: `apply` reads such an array in place. */
const codes: number[][] = [];
const CODES_MOST = 256;

/**
 * Printable ASCII bytes (checked by the caller) as a string: a value of a ledger line, ~36–71 bytes.
 * Through a reused array, not the bytes themselves: `apply` copies a typed array into a fresh list
 * first, ~640 bytes of garbage per value (a full replay makes ~37,500 values: ~24 MB in Node).
 */
export function asciiText(bytes: Uint8Array, start: number, end: number): string {
  const length = end - start;
  if (length > CODES_MOST) return String.fromCharCode.apply(null, bytes.subarray(start, end) as unknown as number[]);
  const list = (codes[length] ??= Array.from({ length }, () => 0));
  for (let i = 0; i < length; i++) list[i] = bytes[start + i] as number;
  return String.fromCharCode.apply(null, list);
}
