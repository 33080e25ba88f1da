/**
 * The one path rule (WSP-01…03): the editor, the extension and the host all decide with these
 * functions. Pure and browser-safe; the one thing only Node can do — resolving symlinks on the
 * real file system — is `resolveRealpath` in `bridge/src/host/hostPathScope.ts`, which the host
 * hands to `checkScope`.
 */
export { normalizeMcpPath, MAX_MCP_PATH_LENGTH, type McpPathRejection, type NormalizedMcpPath, type NormalizeOptions } from './normalizeMcpPath';
export { isWithin, type WithinOptions } from './isWithin';
export { checkScope, type PathScope, type RealpathResolver, type ScopeCheck, type ScopeRejection } from './checkScope';
export { basename, dirname, joinPath, relativeSegments, titleOf } from './pathParts';
