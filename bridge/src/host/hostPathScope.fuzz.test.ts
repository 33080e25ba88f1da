import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkServedPath, type ServedPath } from './hostPathScope';

// Fixed, printed: a failure names the seed, and the same seed replays it.
const SEED = 20261201;
const RUNS = 10_000;

const NFC = 'zo\u00eb';
const NFD = 'zoe\u0308';

let tmp: string;
let roots: string[];

/** A real tree: two served roots, and around them everything a path could escape to. */
function buildTree(): void {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-pathfuzz-')));
  const file = (relative: string, content = 'x'): void => {
    fs.mkdirSync(path.dirname(path.join(tmp, relative)), { recursive: true });
    fs.writeFileSync(path.join(tmp, relative), content);
  };
  const link = (relative: string, target: string): void => fs.symlinkSync(target, path.join(tmp, relative));
  file('ws/notes/a.md');
  file('ws/caf\u00e9.md');
  file('ws/file.md');
  file(`${NFC}/n.md`); // second root, spelled NFC
  file(`${NFD}/secret.md`, 'secret'); // its NFD twin: a different folder on this file system, outside
  file('wsx/secret.md', 'secret'); // siblings sharing the root's prefix
  file('ws-evil/secret.md', 'secret');
  file('WS/secret.md', 'secret'); // case variant, outside
  file('outside/secret.md', 'secret');
  link('ws/link-out', path.join(tmp, 'outside'));
  link('ws/link-out-file.md', path.join(tmp, 'outside', 'secret.md'));
  link('ws/link-rel-up', '../outside');
  link('ws/link-in', path.join(tmp, 'ws', 'notes'));
  link('ws/link-root', path.join(tmp, 'ws'));
  link('ws/link-sibling', path.join(tmp, 'wsx'));
  link('ws/notes/link-up', '..'); // inside: ws/notes/.. is ws
  link('ws/notes/link-up-up', '../..'); // outside: tmp
  link('ws/dangle-out', path.join(tmp, 'outside', 'new.md'));
  link('ws/dangle-in', path.join(tmp, 'ws', 'notes', 'new.md'));
  link('ws/dangle-chain', 'dangle-out');
  link('ws/dangle-physical-up', 'link-in/../../outside/new.md'); // the kernel walks .. from notes, not from ws
  link('ws/loop', 'loop');
  link(`${NFC}/to-nfd`, path.join(tmp, NFD));
  roots = [path.join(tmp, 'ws'), path.join(tmp, NFC)];
}

/** The segments to pick from: names of the tree and the hostile spellings of the brief. */
const NAMES = [
  'ws', 'WS', 'Ws', 'wsx', 'ws-evil', 'outside', 'notes', 'NOTES', 'a.md', 'file.md', 'secret.md', 'new.md', 'caf\u00e9.md', 'cafe\u0301.md',
  NFC, NFD, NFC.toUpperCase(), 'link-out', 'link-out-file.md', 'link-rel-up', 'link-in', 'link-root', 'link-sibling', 'link-up', 'link-up-up',
  'dangle-out', 'dangle-in', 'dangle-chain', 'dangle-physical-up', 'loop', 'to-nfd', 'missing',
];
const HOSTILE = [
  '..', '..', '..', '.', '', '...', '.. ', '%2e%2e', '%2E%2e', '%2e', '..%2f', '%2f', '%5c', '%00', '%252e%252e', '%c0%ae%c0%ae',
  '\u0000', 'a\u0000b', '\uff0e\uff0e', '\u2025', '\uff0f', '..\\..', 'C:', 'file.md:ads', 'CON', '\u202e',
];
const SEPARATORS = ['/', '/', '/', '//', '\\', '/./', '/../'];

function prefixes(): string[] {
  const ws = path.join(tmp, 'ws');
  return [
    ws, ws, ws, path.join(tmp, NFC), path.join(tmp, NFC), path.join(tmp, NFD), tmp, path.join(tmp, 'wsx'), path.join(tmp, 'WS'),
    `${ws}x`, ws.slice(0, -1), `${ws}/`, `/${ws}`, ws.toUpperCase(), ws.normalize('NFD'), '/', '', 'ws', './ws', '~/ws',
    'C:\\Users\\me\\ws', `C:${ws}`, 'c:/', '\\\\server\\share\\ws', '//server/share/ws', '\\\\?\\C:\\ws', ws.replace(/\//g, '\\'),
    `file://${ws}`, `${tmp}/%2e%2e${tmp}/ws`,
  ];
}

function adversarialPaths(): string[] {
  const segment = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom(...NAMES) },
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE) },
    { weight: 1, arbitrary: fc.string({ maxLength: 5, unit: fc.constantFrom('.', '%', '2', 'e', 'E', '5', 'c', 'f', '\\', '/', ' ', '\u0000', 'a') }) },
  );
  const arbitrary = fc
    .tuple(fc.constantFrom(...prefixes()), fc.array(fc.tuple(fc.constantFrom(...SEPARATORS), segment), { maxLength: 6 }), fc.boolean())
    .map(([prefix, parts, trailingSlash]) => prefix + parts.map(([separator, name]) => separator + name).join('') + (trailingSlash ? '/' : ''));
  return fc.sample(arbitrary, { seed: SEED, numRuns: RUNS });
}

// ---- the oracle: the real file system, asked by plain Node calls, compared byte for byte ----

function insideARoot(real: string): boolean {
  return roots.some((root) => {
    const relative = path.relative(root, real);
    return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
  });
}

/** Where the kernel lands for `p`: the real path of its deepest existing ancestor plus the rest. */
function landing(p: string): string {
  const rest: string[] = [];
  let current = p;
  for (;;) {
    try {
      return path.join(fs.realpathSync(current), ...rest.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return p;
      rest.push(path.basename(current));
      current = parent;
    }
  }
}

/** Every place an operation on this served path could touch: the path, the file behind a dangling link, the write target. */
function touched(served: ServedPath): string[] {
  const places = [landing(served.path), landing(served.realPath)];
  let current = served.path;
  for (let hops = 0; hops < 40; hops++) {
    let target: string;
    try {
      target = fs.readlinkSync(current);
    } catch {
      break;
    }
    // a write through a dangling link creates its target, resolved from the link's real folder
    current = path.resolve(landing(path.dirname(current)), target);
    places.push(landing(current));
  }
  return places;
}

interface Tally {
  tried: number;
  accepted: number;
  escaped: string[];
}

function run(paths: string[], check: (p: string) => ServedPath | null): Tally {
  const tally: Tally = { tried: 0, accepted: 0, escaped: [] };
  for (const p of paths) {
    tally.tried++;
    const served = check(p);
    if (served === null) continue;
    tally.accepted++;
    const outside = touched(served).filter((place) => !insideARoot(place));
    if (outside.length > 0) tally.escaped.push(`${JSON.stringify(p)} → ${outside.join(', ')}`);
  }
  return tally;
}

function hostRule(p: string): ServedPath | null {
  try {
    return checkServedPath(p, roots);
  } catch (error) {
    expect((error as { code?: string }).code, p).toBe('INVALID_PATH');
    return null;
  }
}

describe('the one path rule on the host WSP-01 WSP-02 WSP-03: adversarial paths against a real tree', () => {
  beforeAll(buildTree);
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it(`WSP-02 ${RUNS} generated paths (fast-check seed ${SEED}): none escapes a served root`, () => {
    const paths = adversarialPaths();
    const tally = run(paths, hostRule);
    console.log(`path fuzz (seed ${SEED}): tried ${tally.tried}, accepted ${tally.accepted}, escaped ${tally.escaped.length}`);
    expect(tally.tried).toBeGreaterThanOrEqual(10_000);
    expect(tally.escaped).toEqual([]);
    // meaningful only when both sides are exercised
    expect(tally.accepted).toBeGreaterThan(500);
    expect(tally.tried - tally.accepted).toBeGreaterThan(2_000);
  });

  it('the oracle catches what a prefix-only rule lets through (so the fuzz can fail)', () => {
    const prefixOnly = (p: string): ServedPath | null =>
      roots.some((root) => p === root || p.startsWith(root)) ? { path: path.resolve(p.replace(/\0/g, '')), realPath: path.resolve(p.replace(/\0/g, '')) } : null;
    expect(run(adversarialPaths().slice(0, 2_000), prefixOnly).escaped.length).toBeGreaterThan(20);
  });

  it.each([
    ['ws/../outside/secret.md'],
    ['ws/link-out/secret.md'],
    ['ws/link-out-file.md'],
    ['ws/link-rel-up/secret.md'],
    ['ws/link-sibling/secret.md'],
    ['ws/notes/link-up-up/outside/secret.md'],
    ['ws/dangle-out'],
    ['ws/dangle-chain'],
    ['ws/dangle-physical-up'],
    ['ws/%2e%2e/outside/secret.md'],
    ['ws/notes/../../outside/secret.md'],
    ['wsx/secret.md'],
    ['WS/secret.md'],
    [`${NFD}/secret.md`],
    [`${NFC}/to-nfd/secret.md`],
  ])('WSP-02 refuses %s', (relative) => {
    expect(() => checkServedPath(`${tmp}/${relative}`, roots)).toThrow(
      expect.objectContaining({ code: 'INVALID_PATH' }),
    );
  });

  it.each([
    ['ws/notes/a.md', 'ws/notes/a.md'],
    ['ws/link-in/a.md', 'ws/notes/a.md'],
    ['ws/notes/link-up/file.md', 'ws/file.md'],
    ['ws/dangle-in', 'ws/notes/new.md'],
    ['ws/new-folder/new.md', 'ws/new-folder/new.md'],
    [`${NFC}/n.md`, `${NFC}/n.md`],
  ])('WSP-01 serves %s (written at %s)', (relative, real) => {
    expect(checkServedPath(path.join(tmp, relative), roots)).toEqual({ path: path.join(tmp, relative), realPath: path.join(tmp, real) });
  });
});
