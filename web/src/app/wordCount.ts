const A = 0x41, Z = 0x5a, a = 0x61, z = 0x7a, ZERO = 0x30, NINE = 0x39;
const APOSTROPHE = 0x27, UNDERSCORE = 0x5f, HYPHEN = 0x2d, RIGHT_QUOTE = 0x2019;
/** A letter or number at `lastIndex` (one code point, a surrogate pair included). */
const LETTER_OR_NUMBER = /[\p{L}\p{N}]/uy;

function isCjk(c: number): boolean {
  return (c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0x4e00 && c <= 0x9fff) || (c >= 0xac00 && c <= 0xd7af) || (c >= 0xf900 && c <= 0xfaff);
}

/**
 * Words as a reader counts them: Latin words (a letter or number, then letters, numbers and
 * ' ’ _ -), plus one per CJK character, which also ends a word. One pass over the text without
 * building a match list: the status bar counts the whole text on every change of a short document.
 */
export function wordCount(text: string): number {
  let words = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) {
      if ((c >= a && c <= z) || (c >= A && c <= Z) || (c >= ZERO && c <= NINE)) {
        if (!inWord) words++;
        inWord = true;
      } else if (c !== APOSTROPHE && c !== UNDERSCORE && c !== HYPHEN) inWord = false;
    } else if (isCjk(c)) {
      words++;
      inWord = false;
    } else if (c !== RIGHT_QUOTE) {
      LETTER_OR_NUMBER.lastIndex = i;
      if (LETTER_OR_NUMBER.test(text)) {
        if (!inWord) words++;
        inWord = true;
        i = LETTER_OR_NUMBER.lastIndex - 1;
      } else inWord = false;
    }
  }
  return words;
}
