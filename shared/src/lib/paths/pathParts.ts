import { isWithin } from './isWithin';
import { normalizeMcpPath } from './normalizeMcpPath';

/** Parts of a normalised MCP path (absolute, forward slashes): the browser has no node:path. */
export function joinPath(dir: string, name: string): string {
  return dir.endsWith('/') ? `${dir}${name}` : `${dir}/${name}`;
}

export function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

export function basename(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The tab title: the file name without its extension (seed: "notes" for notes.md). */
export function titleOf(path: string): string {
  const base = basename(path);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(0, dot) : base;
}

/**
 * The names below `root` that lead to `path`, exactly as spelled (never composed: they name
 * directory entries), or null when `path` is not within `root` by the one path rule.
 */
export function relativeSegments(root: string, path: string): string[] | null {
  const exact = { distinctUnicodeForms: true };
  const normalizedRoot = normalizeMcpPath(root, exact);
  const normalizedPath = normalizeMcpPath(path, exact);
  if (!normalizedRoot.ok || !normalizedPath.ok || !isWithin(normalizedRoot.path, normalizedPath.path, exact)) return null;
  return normalizedPath.path.slice(normalizedRoot.path.length).split('/').filter(Boolean);
}
