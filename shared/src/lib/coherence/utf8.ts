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
/** A line out of a file's bytes, a byte-order mark kept as a character (decoding the whole file would keep it too). */
export const utf8Line = (bytes: Uint8Array, start: number, end: number): string => lineDecoder.decode(bytes.subarray(start, end));

/** Printable ASCII bytes (checked by the caller) as a string: a value of a ledger line, ~36–71 bytes. */
export const asciiText = (bytes: Uint8Array, start: number, end: number): string =>
  String.fromCharCode.apply(null, bytes.subarray(start, end) as unknown as number[]);
