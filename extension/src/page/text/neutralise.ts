// Everything a page function returns is page-controlled data. These helpers make sure no string
// can smuggle terminal/bidi tricks into the AI's context.

// Unicode Bidi_Control (U+061C, U+200E, U+200F, U+202A–U+202E, U+2066–U+2069), C0/C1 controls
// except \t and \n, and the invisible characters no script needs (U+200B zero-width space, U+2060–U+2064
// word joiner and invisible operators, U+FEFF): they hide inside names ("De\u200Blete"). Zero-width
// (non-)joiners stay: Persian, Indic scripts and emoji sequences need them.
const UNSAFE_CHARS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

export function neutraliseText(text: string): string {
  return text.replace(UNSAFE_CHARS, '');
}

/** Returns a copy of a JSON-like value with every string (keys included) neutralised. */
export function neutraliseDeep<T>(value: T): T {
  if (typeof value === 'string') return neutraliseText(value) as T;
  if (Array.isArray(value)) return value.map((item) => neutraliseDeep(item)) as T;
  if (value !== null && typeof value === 'object') {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      copy[neutraliseText(key)] = neutraliseDeep(item);
    }
    return copy as T;
  }
  return value;
}

/** Collapses runs of whitespace into single spaces and trims. */
export function normaliseSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Cuts `text` to at most `maxChars` UTF-16 units without splitting a surrogate pair. */
export function clipText(text: string, maxChars: number): { text: string; clipped: boolean } {
  if (text.length <= maxChars) return { text, clipped: false };
  let end = Math.max(0, maxChars);
  const last = text.charCodeAt(end - 1);
  if (end > 0 && last >= 0xd800 && last <= 0xdbff) end -= 1;
  return { text: text.slice(0, end), clipped: true };
}
