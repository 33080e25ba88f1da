import type { CjkFormatSettings } from './cjkFormatSettings';
import { transformWithIntegrity } from './transformWithIntegrity';

/** DOC-TRF-01: the full formatter of reference §7.3, driven by the user's settings. */
export function cjkFormat(markdown: string, settings: CjkFormatSettings): string {
  return transformWithIntegrity('cjk-format', markdown, settings).text;
}
