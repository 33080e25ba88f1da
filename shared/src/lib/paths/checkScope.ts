import { isWithin, type WithinOptions } from './isWithin';
import { normalizeMcpPath, type McpPathRejection } from './normalizeMcpPath';

/**
 * What the user has opened: the roots of the open workspaces and the folders of the open
 * documents; and how the file system compares names (`caseInsensitive`, `distinctUnicodeForms`).
 */
export interface PathScope extends WithinOptions {
  workspaceRoots: readonly string[];
  documentFolders: readonly string[];
}

/**
 * The host's symlink resolver: the canonical path of an existing entry, `undefined` if nothing is
 * there. A dangling symlink must resolve to its target's path (like `realpath -m`), not to
 * `undefined`: otherwise the walk up to the parent would accept a link that points outside.
 */
export type RealpathResolver = (path: string) => string | undefined;

export type ScopeRejection = McpPathRejection | 'no-scope' | 'outside-scope' | 'unresolvable' | 'resolved-outside-scope';

export type ScopeCheck =
  | { ok: true; path: string; resolvedPath?: string }
  | { ok: false; reason: ScopeRejection };

function refuse(reason: ScopeRejection): ScopeCheck {
  return { ok: false, reason };
}

function scopeRoots(scope: PathScope, options: WithinOptions): string[] {
  const roots: string[] = [];
  for (const candidate of [...scope.workspaceRoots, ...scope.documentFolders]) {
    const normalized = normalizeMcpPath(candidate, options);
    if (normalized.ok) roots.push(normalized.path);
  }
  return roots;
}

function safeRealpath(realpath: RealpathResolver, path: string, options: WithinOptions): string | undefined {
  try {
    const resolved = realpath(path);
    if (resolved === undefined) return undefined;
    const normalized = normalizeMcpPath(resolved, options);
    return normalized.ok ? normalized.path : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Canonical form of a normalised path that may not exist yet (a `save_as` target): resolve the
 * deepest existing ancestor and append the rest, so a symlinked parent still counts.
 */
function resolveExisting(path: string, realpath: RealpathResolver, options: WithinOptions): string | undefined {
  const rootLength = path.startsWith('/') ? 1 : 3; // "/" or "C:/"
  const root = path.slice(0, rootLength);
  const segments = path.slice(rootLength).split('/').filter((segment) => segment !== '');
  for (let kept = segments.length; kept >= 0; kept--) {
    const ancestor = root + segments.slice(0, kept).join('/');
    const resolved = safeRealpath(realpath, ancestor, options);
    if (resolved === undefined) continue;
    const tail = segments.slice(kept);
    if (tail.length === 0) return resolved;
    return `${resolved.endsWith('/') ? resolved : `${resolved}/`}${tail.join('/')}`;
  }
  return undefined;
}

/**
 * The path scope of WSP-01…03, enforced in one place: a file path must lie within a workspace
 * root or within the folder of an already open document; with neither, everything is refused.
 * With a `realpath` resolver both the lexical and the resolved path must be in scope, so a
 * symlink inside the root that points outside is refused. Callers use the returned `path`
 * (never the raw argument), or `resolvedPath` when they resolved symlinks.
 */
export function checkScope(path: string, scope: PathScope, realpath?: RealpathResolver): ScopeCheck {
  const options: WithinOptions = { caseInsensitive: scope.caseInsensitive ?? false, distinctUnicodeForms: scope.distinctUnicodeForms ?? false };
  const normalized = normalizeMcpPath(path, options);
  if (!normalized.ok) return refuse(normalized.reason);
  const roots = scopeRoots(scope, options);
  if (roots.length === 0) return refuse('no-scope');
  if (!roots.some((root) => isWithin(root, normalized.path, options))) return refuse('outside-scope');
  if (realpath === undefined) return { ok: true, path: normalized.path };

  const resolvedPath = resolveExisting(normalized.path, realpath, options);
  if (resolvedPath === undefined) return refuse('unresolvable');
  const resolvedRoots = roots.map((root) => resolveExisting(root, realpath, options) ?? root);
  if (!resolvedRoots.some((root) => isWithin(root, resolvedPath, options))) return refuse('resolved-outside-scope');
  return { ok: true, path: normalized.path, resolvedPath };
}
