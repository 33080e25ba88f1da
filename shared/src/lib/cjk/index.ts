export { cjkSpacing } from './cjkSpacing';
export { cjkPunctuation } from './cjkPunctuation';
export { cjkFormat } from './cjkFormat';
export { DEFAULT_CJK_FORMAT_SETTINGS, type CjkFormatSettings, type CjkQuoteStyle } from './cjkFormatSettings';
export { transformWithIntegrity, type CjkTransformResult } from './transformWithIntegrity';
export type { CjkTransformKind } from './rewriteMarkdown';
export { verifyStructure, type StructureCheck, type StructureCheckOptions } from './verifyStructure';
export { findProtectedSpans, type ProtectionOptions, type Span } from './protectedSpans';
