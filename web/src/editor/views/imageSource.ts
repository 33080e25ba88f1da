import { dirname, isWithin, joinPath, normalizeMcpPath } from '@vmark/shared/lib/paths/index';

/** `https:`, `data:`, `blob:` … or `//host/…`: the browser loads these as they are. */
const URL_WITH_SCHEME = /^([a-z][a-z\d+.-]*:|\/\/)/i;

export function isBrowserUrl(src: string): boolean {
  return URL_WITH_SCHEME.test(src);
}

/**
 * The workspace file an image `src` names, or null for a URL (the browser loads it) and for a
 * path that cannot be resolved (outside the workspace, or an untitled document). Relative paths are relative to the document's
 * folder; `/x.png` is relative to the workspace root unless it already lies inside it.
 */
export function workspaceImagePath(src: string, documentPath: string | null, root: string): string | null {
  if (src === '' || URL_WITH_SCHEME.test(src)) return null;
  let relative = src.replace(/[?#].*$/, '');
  try {
    relative = decodeURIComponent(relative);
  } catch {
    // a stray % is part of the name
  }
  if (relative === '') return null;
  const base = relative.startsWith('/') ? (isWithin(root, relative) ? '' : root) : documentPath ? dirname(documentPath) : null;
  if (base === null) return null;
  // names spelled as written: they are looked up in the folder as they are
  const resolved = normalizeMcpPath(base === '' ? relative : joinPath(base, relative), { distinctUnicodeForms: true });
  return resolved.ok && isWithin(root, resolved.path) ? resolved.path : null;
}
