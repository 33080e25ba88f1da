export { normalizeMcpPath, MAX_MCP_PATH_LENGTH, type McpPathRejection, type NormalizedMcpPath, type NormalizeOptions } from './normalizeMcpPath';
export { isWithin, type WithinOptions } from './isWithin';
export { checkScope, type PathScope, type RealpathResolver, type ScopeCheck, type ScopeRejection } from './checkScope';
export { basename, dirname, joinPath, relativeSegments, titleOf } from './pathParts';
