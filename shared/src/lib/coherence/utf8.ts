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
/**
 * A line out of a file's bytes, a byte-order mark kept as a character (decoding the whole file would
 * keep it too). An ASCII line, as ledger lines nearly always are, is made without the decoder, whose
 * every call costs several microseconds in a browser.
 */
export function utf8Line(bytes: Uint8Array, start: number, end: number): string {
  for (let i = start; i < end; i++) if ((bytes[i] as number) > 0x7f) return lineDecoder.decode(bytes.subarray(start, end));
  let text = '';
  // in pieces: one call takes at most so many arguments
  for (let at = start; at < end; at += 0x2000) text += asciiText(bytes, at, Math.min(end, at + 0x2000));
  return text;
}

/** Printable ASCII bytes (checked by the caller) as a string: a value of a ledger line, ~36–71 bytes. */
export const asciiText = (bytes: Uint8Array, start: number, end: number): string =>
  String.fromCharCode.apply(null, bytes.subarray(start, end) as unknown as number[]);
