import { describe, expect, it } from 'vitest';
import { MAX_MCP_PATH_LENGTH, normalizeMcpPath } from './normalizeMcpPath';

const accepted: Array<[string, string]> = [
  ['/a/b', '/a/b'],
  ['/', '/'],
  ['//a//b///c', '/a/b/c'],
  ['/a/b/', '/a/b'],
  ['/a/./b/.', '/a/b'],
  ['/a/b/../c', '/a/c'],
  ['/a/b/..', '/a'],
  ['/a/..', '/'],
  ['/a/%20b', '/a/%20b'],
  ['/a/100%', '/a/100%'],
  ['/a/..b/b..', '/a/..b/b..'],
  ['/Users/zoe\u0308/notes.md', '/Users/zo\u00eb/notes.md'],
  ['/文档/笔记.md', '/文档/笔记.md'],
  ['/a/\u{1F600}.md', '/a/\u{1F600}.md'],
  ['C:\\Users\\me\\doc.md', 'C:/Users/me/doc.md'],
  ['c:/Users/me/', 'C:/Users/me'],
  ['C:\\', 'C:/'],
  ['C:\\a\\..\\b', 'C:/b'],
  ['D:/a//b\\c', 'D:/a/b/c'],
];

const refused: Array<[string, string]> = [
  ['', 'empty'],
  ['a/b', 'not-absolute'],
  ['./a', 'not-absolute'],
  ['~/a', 'not-absolute'],
  ['C:a\\b', 'not-absolute'],
  ['\\\\server\\share\\x', 'not-absolute'],
  ['/a/b\u0000c', 'control-character'],
  ['/a/\nb', 'control-character'],
  ['/a/\u007fb', 'control-character'],
  ['/a/\u0085b', 'control-character'],
  ['/a/\u202eb', 'control-character'],
  ['/a/\ud800b', 'lone-surrogate'],
  ['/a/%2e%2e/b', 'encoded-traversal'],
  ['/a/%2E%2E/b', 'encoded-traversal'],
  ['/a/..%2fb', 'encoded-traversal'],
  ['/a/%2F..', 'encoded-traversal'],
  ['/a/%5c..', 'encoded-traversal'],
  ['/a/%252e%252e/b', 'encoded-traversal'],
  ['/a/%c0%ae%c0%ae/b', 'encoded-traversal'],
  ['/a/%u002e%u002e/b', 'encoded-traversal'],
  ['/a/b\\..\\..\\c', 'backslash'],
  ['/..', 'escapes-root'],
  ['/a/../..', 'escapes-root'],
  ['/a/../../etc/passwd', 'escapes-root'],
  ['C:\\..\\Windows', 'escapes-root'],
  ['/a/.../b', 'dot-segment'],
  ['/a/.. /b', 'dot-segment'],
  ['/a/ ../b', 'dot-segment'],
  ['/a/\uff0e\uff0e/b', 'lookalike-separator'],
  ['/a/\u2025/b', 'lookalike-separator'],
  ['/a/b\uff0fc', 'lookalike-separator'],
  ['/a/b\uff3cc', 'lookalike-separator'],
  ['C:\\a\\b.', 'invalid-windows-name'],
  ['C:\\a\\b ', 'invalid-windows-name'],
  ['C:\\a\\file.md:stream', 'invalid-windows-name'],
  ['C:\\a\\CON', 'invalid-windows-name'],
  ['C:\\a\\nul.txt', 'invalid-windows-name'],
  ['C:\\a\\b?c', 'invalid-windows-name'],
];

describe('workspace path scope WSP-02 normalizeMcpPath', () => {
  it.each(accepted)('accepts %j as %j', (raw, expected) => {
    expect(normalizeMcpPath(raw)).toEqual({ ok: true, path: expected });
  });

  it.each(refused)('refuses %j (%s)', (raw, reason) => {
    expect(normalizeMcpPath(raw)).toEqual({ ok: false, reason });
  });

  it('refuses a path longer than MAX_MCP_PATH_LENGTH', () => {
    expect(normalizeMcpPath(`/${'a'.repeat(MAX_MCP_PATH_LENGTH)}`)).toEqual({ ok: false, reason: 'too-long' });
  });

  it('refuses a non-string at run time', () => {
    expect(normalizeMcpPath(undefined as unknown as string)).toEqual({ ok: false, reason: 'empty' });
  });

  it('is idempotent on everything it accepts', () => {
    for (const [raw] of accepted) {
      const once = normalizeMcpPath(raw);
      if (!once.ok) throw new Error(raw);
      expect(normalizeMcpPath(once.path)).toEqual(once);
    }
  });

  it('keeps names as given when the file system tells Unicode forms apart', () => {
    expect(normalizeMcpPath('/a/zoe\u0308/./b', { distinctUnicodeForms: true })).toEqual({ ok: true, path: '/a/zoe\u0308/b' });
  });

  it('keeps Windows-only rules away from POSIX paths', () => {
    expect(normalizeMcpPath('/a/CON/b.')).toEqual({ ok: true, path: '/a/CON/b.' });
  });
});
