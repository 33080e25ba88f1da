/** POSIX path helpers for MCP paths (absolute, forward slashes) — the browser has no node:path. */
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

export function isWithin(root: string, path: string): boolean {
  if (path === root) return true;
  return path.startsWith(root.endsWith('/') ? root : `${root}/`);
}

/** Path segments below root, or null when path is not inside root. */
export function relativeSegments(root: string, path: string): string[] | null {
  if (!isWithin(root, path)) return null;
  return path.slice(root.length).split('/').filter(Boolean);
}
