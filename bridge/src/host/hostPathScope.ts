import fs from 'node:fs';
import path from 'node:path';
import { checkScope, type PathScope, type RealpathResolver } from '@vmark/shared/lib/paths/index';
import { ServiceError } from './serviceError';

/**
 * The host's half of the one path rule. The rule itself is `checkScope` in `shared/src/lib/paths`
 * (pure, so the editor and the extension run the same code in the browser); the one thing only
 * Node can do — asking the file system where a path really leads — lives here, as
 * `resolveRealpath`, and is handed to `checkScope`.
 */

// As many links as Linux follows before ELOOP.
const MAX_LINKS = 40;

function errnoOf(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/**
 * Where `target` really leads: the canonical path of an existing entry; for a dangling symlink the
 * canonical path of where it points (like `realpath -m`, the contract of `RealpathResolver`);
 * `undefined` when nothing is there.
 */
export const resolveRealpath: RealpathResolver = (target) => resolve(target, 0);

function resolve(target: string, links: number): string | undefined {
  try {
    return fs.realpathSync.native(target);
  } catch (error) {
    if (errnoOf(error) !== 'ENOENT') return undefined;
  }
  let isLink: boolean;
  try {
    isLink = fs.lstatSync(target).isSymbolicLink();
  } catch {
    return undefined;
  }
  if (!isLink || links >= MAX_LINKS) return undefined;
  const parent = resolve(path.dirname(target), links);
  if (parent === undefined) return undefined;
  return follow(parent, fs.readlinkSync(target), links + 1);
}

/**
 * Walks a link's text from its (real) folder the way the kernel does: `..` goes to the physical
 * parent, every existing name is resolved; from the first missing name on, the rest is spelled
 * as given (a lexical `..` there can only move the answer further out, never hide an escape).
 */
function follow(from: string, linkText: string, links: number): string | undefined {
  let current = path.isAbsolute(linkText) ? path.parse(path.resolve(linkText)).root : from;
  const segments = linkText.split(/[\\/]/).filter((segment) => segment !== '' && segment !== '.');
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment === '..') {
      current = path.dirname(current);
      continue;
    }
    const next = path.join(current, segment);
    const real = resolve(next, links);
    if (real === undefined) return path.join(next, ...segments.slice(i + 1));
    current = real;
  }
  return current;
}

/**
 * How this host's file systems compare names: case matters except on Windows (the lexical check
 * may only be stricter than the disk, never looser, so a case-sensitive macOS volume stays safe);
 * NFC and NFD are one name only on macOS (APFS, HFS+).
 */
export function hostNameRules(platform: NodeJS.Platform = process.platform): Pick<PathScope, 'caseInsensitive' | 'distinctUnicodeForms'> {
  return { caseInsensitive: platform === 'win32', distinctUnicodeForms: platform !== 'darwin' };
}

export interface ServedPath {
  /** The path as asked for, normalised: what the host opens, lists, renames or removes. */
  path: string;
  /** Where it really leads (symlinks resolved): what a write goes to. */
  realPath: string;
}

/**
 * The path check of every host file operation: `p` must lie within a served root both as spelled
 * and after resolving symlinks (WSP-01…03 on the host side). Refusals are `INVALID_PATH`.
 */
export function checkServedPath(p: string, roots: readonly string[]): ServedPath {
  const checked = checkScope(p, { workspaceRoots: roots, documentFolders: [], ...hostNameRules() }, resolveRealpath);
  if (checked.ok) return { path: checked.path, realPath: checked.resolvedPath ?? checked.path };
  if (checked.reason === 'empty' || checked.reason === 'not-absolute') throw new ServiceError('INVALID_PATH', `not an absolute path: ${p}`);
  if (checked.reason === 'no-scope' || checked.reason === 'outside-scope' || checked.reason === 'resolved-outside-scope' || checked.reason === 'unresolvable') {
    throw new ServiceError('INVALID_PATH', `outside the native folders this host serves: ${p}`);
  }
  throw new ServiceError('INVALID_PATH', `not an acceptable absolute path (${checked.reason}): ${p}`);
}
