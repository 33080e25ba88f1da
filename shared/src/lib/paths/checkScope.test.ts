import { describe, expect, it } from 'vitest';
import { checkScope, type PathScope, type RealpathResolver } from './checkScope';

const scope: PathScope = { workspaceRoots: ['/home/me/ws'], documentFolders: ['/srv/docs/a'] };

/** A fake host file system: `links` maps a symlink to its target, `entries` lists what exists. */
function fakeRealpath(links: Record<string, string>, entries: string[]): RealpathResolver {
  const existing = new Set(entries);
  return (path) => {
    let current = '';
    for (const segment of path.split('/').filter(Boolean)) {
      current = `${current}/${segment}`;
      for (let hops = 0; links[current] !== undefined; hops++) {
        if (hops > 8) return undefined;
        current = links[current]!;
      }
      if (!existing.has(current)) return undefined;
    }
    return current === '' ? '/' : current;
  };
}

const realpath = fakeRealpath(
  { '/home/me/ws/out': '/etc', '/home/me/ws/in': '/home/me/ws/sub', '/home/me/link-ws': '/home/me/ws', '/home/me/ws/loop': '/home/me/ws/loop' },
  ['/home', '/home/me', '/home/me/ws', '/home/me/ws/sub', '/home/me/ws/sub/x.md', '/etc', '/etc/passwd', '/srv', '/srv/docs', '/srv/docs/a'],
);

describe('workspace path scope WSP-01…03 checkScope', () => {
  it('WSP-01 accepts a path inside the workspace root and returns it normalised', () => {
    expect(checkScope('/home/me/ws/notes//a.md', scope)).toEqual({ ok: true, path: '/home/me/ws/notes/a.md' });
  });

  it('WSP-01 accepts a path inside the folder of an open document', () => {
    expect(checkScope('/srv/docs/a/b/c.md', scope)).toEqual({ ok: true, path: '/srv/docs/a/b/c.md' });
  });

  it('WSP-01 accepts the root itself', () => {
    expect(checkScope('/home/me/ws/', scope)).toEqual({ ok: true, path: '/home/me/ws' });
  });

  it.each([
    ['/home/me/wsx/a.md', 'outside-scope'],
    ['/home/me/ws/../secret.md', 'outside-scope'],
    ['/srv/docs/b/a.md', 'outside-scope'],
    ['/srv/docs', 'outside-scope'],
    ['/etc/passwd', 'outside-scope'],
    ['/HOME/me/ws/a.md', 'outside-scope'],
    ['home/me/ws/a.md', 'not-absolute'],
    ['/home/me/ws/%2e%2e/x', 'encoded-traversal'],
    ['/home/me/ws/../../../..', 'escapes-root'],
  ])('WSP-02 refuses %j (%s)', (path, reason) => {
    expect(checkScope(path, scope)).toEqual({ ok: false, reason });
  });

  it('WSP-03 refuses everything when there is no workspace and no open document', () => {
    const empty: PathScope = { workspaceRoots: [], documentFolders: [] };
    expect(checkScope('/home/me/ws/a.md', empty)).toEqual({ ok: false, reason: 'no-scope' });
    expect(checkScope('/', empty)).toEqual({ ok: false, reason: 'no-scope' });
  });

  it('WSP-03 ignores invalid scope entries instead of widening the scope', () => {
    const broken: PathScope = { workspaceRoots: ['relative/root'], documentFolders: ['', '/a/%2e%2e'] };
    expect(checkScope('/a/b.md', broken)).toEqual({ ok: false, reason: 'no-scope' });
  });

  it('WSP-01 works with only document folders', () => {
    const docsOnly: PathScope = { workspaceRoots: [], documentFolders: ['/srv/docs/a', '/tmp/t'] };
    expect(checkScope('/tmp/t/x.md', docsOnly)).toEqual({ ok: true, path: '/tmp/t/x.md' });
    expect(checkScope('/tmp/u/x.md', docsOnly)).toEqual({ ok: false, reason: 'outside-scope' });
  });

  it('compares case-insensitively when the scope says the host does', () => {
    const insensitive: PathScope = { ...scope, caseInsensitive: true };
    expect(checkScope('/HOME/ME/WS/A.md', insensitive)).toEqual({ ok: true, path: '/HOME/ME/WS/A.md' });
    expect(checkScope('/HOME/ME/WSX/A.md', insensitive)).toEqual({ ok: false, reason: 'outside-scope' });
  });

  it('normalises Windows drive paths in both the scope and the request', () => {
    const windows: PathScope = { workspaceRoots: ['C:\\Users\\Me\\Proj'], documentFolders: [], caseInsensitive: true };
    expect(checkScope('c:\\users\\me\\proj\\a.md', windows)).toEqual({ ok: true, path: 'C:/users/me/proj/a.md' });
    expect(checkScope('C:\\Users\\Me\\Proj\\..\\Other\\a.md', windows)).toEqual({ ok: false, reason: 'outside-scope' });
    expect(checkScope('D:\\Users\\Me\\Proj\\a.md', windows)).toEqual({ ok: false, reason: 'outside-scope' });
  });

  it('accepts NFD input for an NFC root (and returns NFC)', () => {
    const unicode: PathScope = { workspaceRoots: ['/Users/zo\u00eb/ws'], documentFolders: [] };
    expect(checkScope('/Users/zoe\u0308/ws/caf\u0065\u0301.md', unicode)).toEqual({ ok: true, path: '/Users/zo\u00eb/ws/caf\u00e9.md' });
  });

  it('keeps NFC and NFD apart when the file system does (a sibling spelled the other way is outside)', () => {
    const exact: PathScope = { workspaceRoots: ['/Users/zoe\u0308/ws'], documentFolders: [], distinctUnicodeForms: true };
    expect(checkScope('/Users/zoe\u0308/ws/cafe\u0301.md', exact)).toEqual({ ok: true, path: '/Users/zoe\u0308/ws/cafe\u0301.md' });
    expect(checkScope('/Users/zo\u00eb/ws/a.md', exact)).toEqual({ ok: false, reason: 'outside-scope' });
  });

  describe('with a realpath resolver (symlinks)', () => {
    it('accepts an existing file and reports its resolved path', () => {
      expect(checkScope('/home/me/ws/sub/x.md', scope, realpath)).toEqual({
        ok: true,
        path: '/home/me/ws/sub/x.md',
        resolvedPath: '/home/me/ws/sub/x.md',
      });
    });

    it('accepts a new file in an existing folder (save_as target)', () => {
      expect(checkScope('/home/me/ws/sub/new.md', scope, realpath)).toMatchObject({ ok: true, resolvedPath: '/home/me/ws/sub/new.md' });
    });

    it('accepts a symlink that stays inside the root', () => {
      expect(checkScope('/home/me/ws/in/x.md', scope, realpath)).toMatchObject({ ok: true, resolvedPath: '/home/me/ws/sub/x.md' });
    });

    it('refuses a symlink inside the root that points outside', () => {
      expect(checkScope('/home/me/ws/out/passwd', scope, realpath)).toEqual({ ok: false, reason: 'resolved-outside-scope' });
      expect(checkScope('/home/me/ws/out/new.md', scope, realpath)).toEqual({ ok: false, reason: 'resolved-outside-scope' });
      expect(checkScope('/home/me/ws/out', scope, realpath)).toEqual({ ok: false, reason: 'resolved-outside-scope' });
    });

    it('falls back to the deepest resolvable ancestor, and refuses when nothing resolves', () => {
      expect(checkScope('/home/me/ws/loop/x.md', scope, realpath)).toMatchObject({ ok: true, resolvedPath: '/home/me/ws/loop/x.md' });
      expect(checkScope('/home/me/ws/a.md', scope, () => undefined)).toEqual({ ok: false, reason: 'unresolvable' });
    });

    it('refuses a dangling symlink whose target lies outside (resolver contract)', () => {
      const dangling: RealpathResolver = (path) => (path === '/home/me/ws/dangle' ? '/etc/new' : realpath(path));
      expect(checkScope('/home/me/ws/dangle', scope, dangling)).toEqual({ ok: false, reason: 'resolved-outside-scope' });
    });

    it('treats a throwing or garbage-returning resolver as "does not exist"', () => {
      const throwing: RealpathResolver = (path) => {
        if (path !== '/') throw new Error('EACCES');
        return '/';
      };
      expect(checkScope('/home/me/ws/a.md', scope, throwing)).toMatchObject({ ok: true, resolvedPath: '/home/me/ws/a.md' });
      expect(checkScope('/home/me/ws/a.md', scope, () => 'relative')).toEqual({ ok: false, reason: 'unresolvable' });
    });

    it('resolves the roots too, so a symlinked workspace root still works', () => {
      const linked: PathScope = { workspaceRoots: ['/home/me/link-ws'], documentFolders: [] };
      expect(checkScope('/home/me/link-ws/sub/x.md', linked, realpath)).toMatchObject({ ok: true, resolvedPath: '/home/me/ws/sub/x.md' });
      expect(checkScope('/home/me/link-ws/out/passwd', linked, realpath)).toEqual({ ok: false, reason: 'resolved-outside-scope' });
    });

    it('still refuses lexically outside paths, whatever they resolve to', () => {
      expect(checkScope('/home/me/link-ws/sub/x.md', scope, realpath)).toEqual({ ok: false, reason: 'outside-scope' });
    });
  });
});
