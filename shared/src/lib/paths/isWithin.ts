import { normalizeMcpPath, type NormalizeOptions } from './normalizeMcpPath';

export interface WithinOptions extends NormalizeOptions {
  /** The host file system ignores case (macOS default, Windows). */
  caseInsensitive?: boolean;
}

/**
 * True when `path` is `root` or lies below it, on segment boundaries (`/a/bc` is not within
 * `/a/b`). Both sides go through `normalizeMcpPath`; an invalid side is never within anything.
 */
export function isWithin(root: string, path: string, opts: WithinOptions = {}): boolean {
  const normalizedRoot = normalizeMcpPath(root, opts);
  const normalizedPath = normalizeMcpPath(path, opts);
  if (!normalizedRoot.ok || !normalizedPath.ok) return false;
  // toLowerCase, not toLocaleLowerCase: the answer must not depend on the host's locale.
  const fold = (value: string): string => (opts.caseInsensitive ? value.toLowerCase() : value);
  const rootPath = fold(normalizedRoot.path);
  const target = fold(normalizedPath.path);
  if (target === rootPath) return true;
  const rootWithSlash = rootPath.endsWith('/') ? rootPath : `${rootPath}/`;
  return target.startsWith(rootWithSlash);
}
