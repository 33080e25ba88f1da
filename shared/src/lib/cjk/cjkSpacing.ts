import { transformWithIntegrity } from './transformWithIntegrity';

/** DOC-TRF-02: one space between CJK (Han, kana, Hangul) and a touching ASCII letter or digit. */
export function cjkSpacing(markdown: string): string {
  return transformWithIntegrity('cjk-spacing', markdown).text;
}
