/**
 * The one normaliser for paths that arrive over MCP (`workspace.open`, `save`, `save_as`).
 * Lexical only: nothing is decoded and the file system is never asked. Symlinks are the
 * business of `checkScope`'s `realpath` resolver.
 */

export type McpPathRejection =
  | 'empty'
  | 'too-long'
  | 'not-absolute'
  | 'control-character'
  | 'lone-surrogate'
  | 'backslash'
  | 'encoded-traversal'
  | 'lookalike-separator'
  | 'dot-segment'
  | 'escapes-root'
  | 'invalid-windows-name';

export type NormalizedMcpPath = { ok: true; path: string } | { ok: false; reason: McpPathRejection };

export interface NormalizeOptions {
  /**
   * The file system tells NFC and NFD spellings of a name apart (Linux, Windows): names are kept
   * as given instead of composed, so that a comparison never calls two different entries one.
   */
  distinctUnicodeForms?: boolean;
}

export const MAX_MCP_PATH_LENGTH = 4096;

const WINDOWS_DRIVE = /^([A-Za-z]):[\\/]/;
// C0, DEL, C1 and the bidi overrides/isolates, which make a path display differently from what it is.
const CONTROL_OR_BIDI = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Encoded dot, slash, backslash or NUL (also double-encoded via %25), overlong UTF-8 leads and
// IIS-style %u escapes: harmless literally, but traversal for any layer that decodes later.
const ENCODED_TRAVERSAL = /%(?:25)*(?:2e|2f|5c|00|c0|c1|e0%80|u00)/i;
const WINDOWS_FORBIDDEN_CHARS = /[<>:"|?*]/;
const WINDOWS_DEVICE_NAME = /^(?:con|prn|aux|nul|conin\$|conout\$|com[0-9¹²³]|lpt[0-9¹²³])(?:\.|$)/i;

function refuse(reason: McpPathRejection): NormalizedMcpPath {
  return { ok: false, reason };
}

/** A segment whose compatibility form is a separator or a dot name (`／`, `．．`, `‥`). */
function isLookalikeSegment(segment: string): boolean {
  const folded = segment.normalize('NFKC');
  if (folded === segment) return false;
  return /[/\\]/.test(folded) || /^\.+$/.test(folded);
}

// Win32 silently trims trailing dots and spaces and maps device names anywhere in a path.
function isValidWindowsSegment(segment: string): boolean {
  return !WINDOWS_FORBIDDEN_CHARS.test(segment) && !/[. ]$/.test(segment) && !WINDOWS_DEVICE_NAME.test(segment);
}

/**
 * Normalises an absolute MCP path: POSIX (`/a/b`) or a Windows drive path (`C:\a\b` → `C:/a/b`).
 * Refuses relative, empty, control characters, encoded traversal and lookalike separators;
 * resolves `.` and `..` lexically (refusing an escape above the root); NFC per segment (unless the
 * file system tells the forms apart); collapses duplicate slashes and strips a trailing slash (the
 * roots stay `/` and `C:/`).
 */
export function normalizeMcpPath(raw: string, options: NormalizeOptions = {}): NormalizedMcpPath {
  if (typeof raw !== 'string' || raw.length === 0) return refuse('empty');
  if (raw.length > MAX_MCP_PATH_LENGTH) return refuse('too-long');
  if (LONE_SURROGATE.test(raw)) return refuse('lone-surrogate');
  if (CONTROL_OR_BIDI.test(raw)) return refuse('control-character');
  if (ENCODED_TRAVERSAL.test(raw)) return refuse('encoded-traversal');

  const drive = WINDOWS_DRIVE.exec(raw);
  let prefix: string;
  let rest: string;
  if (drive) {
    prefix = `${drive[1]!.toUpperCase()}:`;
    rest = raw.slice(2).replace(/\\/g, '/');
  } else if (raw.startsWith('/')) {
    // On a POSIX host `\` is a file-name character, on Windows a separator: refuse the ambiguity.
    if (raw.includes('\\')) return refuse('backslash');
    prefix = '';
    rest = raw;
  } else {
    return refuse('not-absolute');
  }

  const segments: string[] = [];
  for (const segment of rest.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return refuse('escapes-root');
      segments.pop();
      continue;
    }
    // `...`, `.. `, ` ..`: ordinary names on POSIX, but `.` or `..` to Win32, which trims them.
    if (/^[. ]+$/.test(segment)) return refuse('dot-segment');
    if (isLookalikeSegment(segment)) return refuse('lookalike-separator');
    const composed = options.distinctUnicodeForms ? segment : segment.normalize('NFC');
    if (drive && !isValidWindowsSegment(composed)) return refuse('invalid-windows-name');
    segments.push(composed);
  }
  return { ok: true, path: `${prefix}/${segments.join('/')}` };
}
