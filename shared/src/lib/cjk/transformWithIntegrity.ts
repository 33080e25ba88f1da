import { DEFAULT_CJK_FORMAT_SETTINGS, type CjkFormatSettings } from './cjkFormatSettings';
import { rewriteMarkdown, type CjkTransformKind } from './rewriteMarkdown';
import { verifyStructure } from './verifyStructure';

export interface CjkTransformResult {
  /** The rewritten text, or the original when nothing changed or the integrity check failed. */
  text: string;
  changed: boolean;
  integrityFailed: boolean;
}

/**
 * `document.transform` on one markdown text: rewrite, then compare the structure (protected
 * spans, line markers, emphasis/link markers, line count, letters) with the input's. On any
 * mismatch, or if a rule throws, the original comes back unchanged with `integrityFailed`.
 */
export function transformWithIntegrity(
  kind: CjkTransformKind,
  text: string,
  settings: CjkFormatSettings = DEFAULT_CJK_FORMAT_SETTINGS,
): CjkTransformResult {
  const isFormat = kind === 'cjk-format';
  let rewritten: string;
  try {
    rewritten = rewriteMarkdown(kind, text, settings);
  } catch {
    return { text, changed: false, integrityFailed: true };
  }
  if (rewritten === text) return { text, changed: false, integrityFailed: false };
  const check = verifyStructure(text, rewritten, {
    allowBlankLineCollapse: isFormat && settings.newlineCollapsing,
    skipReferenceSections: isFormat && settings.skipReferenceSections,
  });
  if (!check.ok) return { text, changed: false, integrityFailed: true };
  return { text: rewritten, changed: true, integrityFailed: false };
}
