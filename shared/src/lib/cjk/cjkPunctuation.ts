import { transformWithIntegrity } from './transformWithIntegrity';

/** DOC-TRF-03: ASCII `, . ! ? ; :` next to CJK, and `( )` around CJK, become full-width. */
export function cjkPunctuation(markdown: string): string {
  return transformWithIntegrity('cjk-punctuation', markdown).text;
}
