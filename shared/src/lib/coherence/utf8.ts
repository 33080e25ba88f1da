/** The platform's TextEncoder and TextDecoder (Node and browsers both have them; shared's lib has no type for them). */
const platform = globalThis as unknown as {
  TextEncoder: new () => { encode(text: string): Uint8Array };
  TextDecoder: new () => { decode(bytes: Uint8Array): string };
};
const encoder = new platform.TextEncoder();
const decoder = new platform.TextDecoder();

export const utf8Bytes = (text: string): Uint8Array => encoder.encode(text);
export const utf8Text = (bytes: Uint8Array): string => decoder.decode(bytes);
