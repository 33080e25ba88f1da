import { describe, expect, it } from 'vitest';
import { checkScope, type PathScope, type RealpathResolver } from './checkScope';

/** mulberry32: a tiny seeded PRNG, so every run generates the same paths. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T,>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

// The oracle's roots are written out as segments, independent of the code under test.
interface OracleRoot {
  segments: string[];
}
interface FuzzScope {
  scope: PathScope;
  roots: OracleRoot[];
}

const POSIX: FuzzScope = {
  scope: { workspaceRoots: ['/home/zo\u00eb/ws'], documentFolders: ['/srv/docs/a'] },
  roots: [{ segments: ['home', 'zo\u00eb', 'ws'] }, { segments: ['srv', 'docs', 'a'] }],
};
const WINDOWS: FuzzScope = {
  scope: { workspaceRoots: ['C:\\Users\\Me\\Proj'], documentFolders: [], caseInsensitive: true },
  roots: [{ segments: ['c:', 'users', 'me', 'proj'] }],
};

const PREFIXES = [
  '/home/zo\u00eb/ws', '/home/zoe\u0308/ws', '/HOME/ZO\u00cb/WS', '/home/zo\u00eb/Ws', '/home/zo\u00eb/wsx', '/home/zo\u00eb/w',
  '/srv/docs/a', '/srv/docs/ab', '/srv/docs', '/SRV/docs/A', '/', '//', '', 'home/zo\u00eb/ws',
  'C:\\Users\\Me\\Proj', 'c:/users/me/proj', 'C:\\Users\\Me\\Project', 'C:\\', 'D:\\Users\\Me\\Proj', 'C:Users',
];
const BENIGN_SEGMENTS = ['x.md', 'notes', 'ws', 'WS', 'a', 'A', 'proj', 'docs', 'etc', 'passwd', 'caf\u00e9.md', 'cafe\u0301.md', '.', ''];
const HOSTILE_SEGMENTS = [
  '..', '..', '..', '...', '.. ', ' ..', '. .', '..;', '..\\..', '\\..', '..%2f', '%2e%2e', '%2E%2e', '%252e%252e',
  '%2f', '%5c', '%00', '%c0%ae', '%20', '\uff0e\uff0e', '\u2025', '\u2024', '\uff0f', '\u2215', '\uff3c', '\u2026',
  '\uff57\uff53', 'zo\u00eb', 'zoe\u0308', 'ZO\u00cb', 'w\u0000s', 'a\nb', 'CON', 'b.', 'file.md:ads', '\u202e', '\ud800',
];
const SEPARATORS = ['/', '/', '/', '//', '\\', '/./'];

function generatePath(random: () => number): string {
  let path = pick(random, PREFIXES);
  const count = Math.floor(random() * 7);
  for (let i = 0; i < count; i++) {
    const segment = random() < 0.65 ? pick(random, BENIGN_SEGMENTS) : pick(random, HOSTILE_SEGMENTS);
    path += pick(random, SEPARATORS) + segment;
  }
  if (random() < 0.1) path += '/';
  return path;
}

function isPrefix(root: string[], segments: string[], fold: (s: string) => string): boolean {
  return root.length <= segments.length && root.every((segment, i) => fold(segment) === fold(segments[i]!));
}

/** The strict reading: the returned path, taken literally by the OS. */
function strictlyInside(returned: string, fuzz: FuzzScope): boolean {
  const segments = returned.split('/').filter(Boolean);
  if (segments.some((s) => s === '.' || s === '..')) return false;
  const fold = (s: string) => (fuzz.scope.caseInsensitive ? s.toLowerCase() : s);
  return fuzz.roots.some((root) => isPrefix(root.segments, segments, fold));
}

function decodeAll(value: string): string {
  let current = value;
  for (let i = 0; i < 3; i++) {
    try {
      const next = decodeURIComponent(current);
      if (next === current) break;
      current = next;
    } catch {
      break;
    }
  }
  return current;
}

/** The lenient reading: what the sloppiest later layer could make of the raw argument. */
function lenientlyInside(raw: string, fuzz: FuzzScope): boolean {
  const text = decodeAll(raw).normalize('NFKC').replace(/\\/g, '/');
  const stack: string[] = [];
  for (const segment of text.split('/')) {
    const trimmed = segment.replace(/[ \t]+$/, '').replace(/^[ \t]+/, '');
    if (trimmed === '..') stack.pop();
    else if (/^\.*$/.test(trimmed)) continue;
    else stack.push(segment.replace(/[. ]+$/, ''));
  }
  const fold = (s: string) => s.toLowerCase();
  return fuzz.roots.some((root) => isPrefix(root.segments, stack, fold));
}

describe('workspace path scope WSP-02 fuzz: no generated path outside the scope is accepted', () => {
  it.each([
    ['POSIX roots, case-sensitive', POSIX, 1],
    ['POSIX roots, case-insensitive', { ...POSIX, scope: { ...POSIX.scope, caseInsensitive: true } }, 2],
    ['Windows drive root, case-insensitive', WINDOWS, 3],
  ] as const)('%s', (_name, fuzz, seed) => {
    const random = prng(seed);
    let accepted = 0;
    const reasons = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const raw = generatePath(random);
      const result = checkScope(raw, fuzz.scope);
      if (!result.ok) {
        reasons.add(result.reason);
        continue;
      }
      accepted++;
      expect(strictlyInside(result.path, fuzz), `${JSON.stringify(raw)} → ${result.path}`).toBe(true);
      expect(lenientlyInside(raw, fuzz), `lenient reading of ${JSON.stringify(raw)}`).toBe(true);
      expect(result.path.normalize('NFC')).toBe(result.path);
    }
    // The fuzz is only meaningful when it exercises both sides.
    expect(accepted).toBeGreaterThan(200);
    expect(reasons.has('outside-scope')).toBe(true);
    expect(reasons.size).toBeGreaterThan(5);
  });

  it('refuses every generated path when there is no scope (WSP-03)', () => {
    const random = prng(4);
    for (let i = 0; i < 2000; i++) {
      expect(checkScope(generatePath(random), { workspaceRoots: [], documentFolders: [] }).ok).toBe(false);
    }
  });

  it('never accepts a path whose symlinks resolve outside the scope', () => {
    const links: Record<string, string> = {
      '/home/zo\u00eb/ws/out': '/etc',
      '/home/zo\u00eb/ws/in': '/home/zo\u00eb/ws/notes',
      '/home/zo\u00eb/ws/notes/up': '/home/zo\u00eb',
      '/srv/docs/a/docs': '/srv/docs',
    };
    const realpath: RealpathResolver = (path) => {
      let current = '';
      for (const segment of path.split('/').filter(Boolean)) {
        current = `${current}/${segment}`;
        if (links[current] !== undefined) current = links[current]!;
      }
      return current === '' ? '/' : current;
    };
    const random = prng(5);
    let accepted = 0;
    for (let i = 0; i < 5000; i++) {
      const base = pick(random, ['/home/zo\u00eb/ws', '/srv/docs/a', '/home/zoe\u0308/ws']);
      let raw = base;
      const count = 1 + Math.floor(random() * 5);
      for (let j = 0; j < count; j++) raw += `/${pick(random, ['out', 'in', 'up', 'notes', 'docs', 'x.md', '..', '.', 'passwd'])}`;
      const result = checkScope(raw, POSIX.scope, realpath);
      if (!result.ok) continue;
      accepted++;
      expect(strictlyInside(result.path, POSIX), raw).toBe(true);
      expect(strictlyInside(realpath(result.path)!, POSIX), `${raw} resolves to ${realpath(result.path)}`).toBe(true);
    }
    expect(accepted).toBeGreaterThan(200);
  });
});
