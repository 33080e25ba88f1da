import { describe, expect, it } from 'vitest';
import { checkImports, collectImports, formatViolation, type CheckedFile } from './checkImports';

const file = (path: string, ...imports: string[]): CheckedFile => ({
  path,
  source: imports.map((specifier) => `import '${specifier}';`).join('\n'),
});

/** The rules each violation of `files` broke, as `file imported: rule` lines. */
function broken(...files: CheckedFile[]): string[] {
  return checkImports(files).map((v) => `${v.file} ${v.imported}: ${v.rule}`);
}

describe('checkImports: finding imports', () => {
  it('sees static, re-export, dynamic, require, import-equals and import-type specifiers with their lines', () => {
    const source = [
      "import a from './a';",
      "export { b } from './b';",
      "export * from './c';",
      "const d = await import('./d');",
      "const e = require('./e');",
      "import f = require('./f');",
      "type G = typeof import('./g');",
      "import type { H } from './h';",
      'const notAnImport = `./i`;',
    ].join('\n');
    expect(collectImports({ path: 'web/src/lib/x.ts', source })).toEqual(
      ['./a', './b', './c', './d', './e', './f', './g', './h'].map((specifier, index) => ({ specifier, line: index + 1 })),
    );
  });

  it('parses .tsx', () => {
    const source = "import { App } from './App';\nexport const root = <App />;";
    expect(collectImports({ path: 'web/src/main.tsx', source })).toEqual([{ specifier: './App', line: 1 }]);
  });

  it('prints file:line imported X: rule', () => {
    const [violation] = checkImports([{ path: 'shared/src/a.ts', source: "\nimport fs from 'node:fs';" }]);
    expect(violation && formatViolation(violation)).toBe('shared/src/a.ts:2 imported node:fs: shared imports no Node builtins');
  });
});

describe('checkImports: shared is pure', () => {
  it('refuses the other packages by name and by relative path', () => {
    expect(
      broken(
        file('shared/src/a.ts', '@vmark/bridge', '@vmark/extension/src/x', '@vmark/web', '../../bridge/src/x', '../../web/src/lib/paths'),
      ),
    ).toEqual([
      'shared/src/a.ts @vmark/bridge: shared imports none of bridge, extension, web',
      'shared/src/a.ts @vmark/extension/src/x: shared imports none of bridge, extension, web',
      'shared/src/a.ts @vmark/web: shared imports none of bridge, extension, web',
      'shared/src/a.ts ../../bridge/src/x: shared imports none of bridge, extension, web',
      'shared/src/a.ts ../../web/src/lib/paths: shared imports none of bridge, extension, web',
    ]);
  });

  it('refuses Node builtins with and without the node: prefix', () => {
    expect(broken(file('shared/src/lib/a.ts', 'node:fs', 'path', 'fs/promises'))).toEqual([
      'shared/src/lib/a.ts node:fs: shared imports no Node builtins',
      'shared/src/lib/a.ts path: shared imports no Node builtins',
      'shared/src/lib/a.ts fs/promises: shared imports no Node builtins',
    ]);
  });

  it('lets tests and their testing/ helpers read fixtures, but shipped code may not import those helpers', () => {
    expect(
      broken(
        file('shared/src/lib/a.test.ts', 'node:fs', './testing/fixtures'),
        file('shared/src/lib/testing/fixtures.ts', 'node:fs'),
        file('shared/src/lib/a.ts', './testing/fixtures'),
      ),
    ).toEqual(['shared/src/lib/a.ts ./testing/fixtures: shipped shared code imports no test helper (*.test.ts, testing/)']);
  });

  it('allows itself and external packages', () => {
    expect(broken(file('shared/src/tools/a.ts', './b', '../errors/codes', '@vmark/shared', 'zod', 'yaml'))).toEqual([]);
  });
});

describe('checkImports: bridge, extension and web import only shared', () => {
  it('allows @vmark/shared, its subpaths and relative paths into shared', () => {
    expect(
      broken(
        file('bridge/src/mcp/a.ts', '@vmark/shared', '@vmark/shared/errors/codes', 'node:fs', '../host/b'),
        file('extension/src/background/a.ts', '@vmark/shared', '../../../shared/src/protocol/messages'),
        file('web/src/lib/a.ts', '@vmark/shared/lib/paths/isWithin'),
      ),
    ).toEqual([]);
  });

  it('refuses each other by package name and by relative path', () => {
    const rule = 'bridge, extension and web import @vmark/shared, never each other';
    expect(
      broken(
        file('bridge/src/a.ts', '@vmark/extension', '../../web/src/lib/paths'),
        file('extension/src/a.ts', '@vmark/bridge/src/mcp/server', '../../web/src/mcp/dispatch'),
        file('web/src/lib/a.ts', '@vmark/extension', '../../../bridge/src/mcp/server'),
      ),
    ).toEqual([
      `bridge/src/a.ts @vmark/extension: ${rule}`,
      `bridge/src/a.ts ../../web/src/lib/paths: ${rule}`,
      `extension/src/a.ts @vmark/bridge/src/mcp/server: ${rule}`,
      `extension/src/a.ts ../../web/src/mcp/dispatch: ${rule}`,
      `web/src/lib/a.ts @vmark/extension: ${rule}`,
      `web/src/lib/a.ts ../../../bridge/src/mcp/server: ${rule}`,
    ]);
  });
});

describe('checkImports: web layers', () => {
  const layers = ['lib', 'fs', 'editor', 'mcp', 'app'];

  it('allows every import downward or within a layer, and main.tsx imports anything', () => {
    const files = layers.flatMap((from, rank) => layers.slice(0, rank + 1).map((to) => file(`web/src/${from}/to${to}.ts`, `../${to}/x`)));
    files.push(file('web/src/state/a.ts', '../fs/x', '../lib/x'), file('web/src/fs/a.ts', '../state/x'));
    files.push(file('web/src/main.tsx', './app/App', './mcp/connection', './lib/paths', './editor/x'));
    expect(broken(...files)).toEqual([]);
  });

  it('refuses every import upward and names the layer order', () => {
    const files = layers.flatMap((from, rank) => layers.slice(rank + 1).map((to) => file(`web/src/${from}/to${to}.ts`, `../${to}/x`)));
    files.push(file('web/src/state/a.ts', '../editor/x'), file('web/src/app/a.ts', '../main'));
    expect(broken(...files)).toEqual([
      ...[
        ['lib', 'fs'],
        ['lib', 'editor'],
        ['lib', 'mcp'],
        ['lib', 'app'],
        ['fs', 'editor'],
        ['fs', 'mcp'],
        ['fs', 'app'],
        ['editor', 'mcp'],
        ['editor', 'app'],
        ['mcp', 'app'],
        ['state', 'editor'],
      ].map(([from, to]) => expect.stringMatching(new RegExp(`^web/src/${from}/\\S+ \\.\\./${to}/x: web layer ${from} may not import the higher layer ${to} `))),
      expect.stringMatching(/^web\/src\/app\/a\.ts \.\.\/main: web layer app may not import the higher layer web\/src root/),
    ]);
    expect(checkImports([file('web/src/lib/a.ts', '../app/x')])[0]?.rule).toMatch(/\(lib → fs\|state\S* → editor → mcp → app\)$/);
  });

  it('names a folder that is not a layer', () => {
    expect(broken(file('web/src/widgets/a.ts', '../lib/x'))).toEqual([
      'web/src/widgets/a.ts -: web/src/widgets is not a known layer; add it to WEB_LAYER_RANKS in scripts/checkImports.ts',
    ]);
  });
});

describe('checkImports: extension browser layers', () => {
  it('allows imports downward, within a layer and to and from the browser root', () => {
    expect(
      broken(
        file('extension/src/browser/navigation/a.ts', '../approvals/prompts', '../safety/pageFacts', '../state/browserState', '../refusals'),
        file('extension/src/browser/tabs/a.ts', '../pageApi/callPage'),
        file('extension/src/browser/browserRouter.ts', './actions', './tabs/x'),
      ),
    ).toEqual([]);
  });

  it('refuses an import upward between its folders and names the layer order', () => {
    expect(broken(file('extension/src/browser/approvals/prompts.ts', '../navigation/pageFacts'), file('extension/src/browser/state/a.ts', '../navigation/urlPolicy'))).toEqual([
      expect.stringMatching(/^extension\/src\/browser\/approvals\/prompts\.ts \.\.\/navigation\/pageFacts: extension\/src\/browser layer approvals may not import the higher layer navigation \(safety → state → /),
      expect.stringMatching(/^extension\/src\/browser\/state\/a\.ts \.\.\/navigation\/urlPolicy: extension\/src\/browser layer state may not import the higher layer navigation/),
    ]);
  });

  it('names a folder that is not a layer', () => {
    expect(broken(file('extension/src/browser/widgets/a.ts'))).toEqual([
      'extension/src/browser/widgets/a.ts -: extension/src/browser/widgets is not a known layer; add it to BROWSER_LAYER_RANKS in scripts/checkImports.ts',
    ]);
  });
});

describe('checkImports: web/src/mcp parts', () => {
  it('allows root support files → actions → dispatch.ts, and tests anything', () => {
    expect(
      broken(
        file('web/src/mcp/actions/document/read.ts', '../../defineAction', '../../guards'),
        file('web/src/mcp/dispatch.ts', './actions', './needs'),
        file('web/src/mcp/connection.test.ts', './dispatch'),
        file('web/src/mcp/needs.ts', './guards'),
      ),
    ).toEqual([]);
  });

  it('refuses a support file importing the actions or the dispatcher, and an action importing the dispatcher', () => {
    expect(broken(file('web/src/mcp/guards.ts', './actions/document/read'), file('web/src/mcp/needs.ts', './dispatch'), file('web/src/mcp/actions/document/read.ts', '../../dispatch'))).toEqual([
      'web/src/mcp/guards.ts ./actions/document/read: web/src/mcp part mcp root may not import the higher part actions (mcp root files → actions → dispatch.ts)',
      'web/src/mcp/needs.ts ./dispatch: web/src/mcp part mcp root may not import the higher part dispatch.ts (mcp root files → actions → dispatch.ts)',
      'web/src/mcp/actions/document/read.ts ../../dispatch: web/src/mcp part actions may not import the higher part dispatch.ts (mcp root files → actions → dispatch.ts)',
    ]);
  });

  it('names a subfolder that is not a layer', () => {
    expect(broken(file('web/src/mcp/widgets/a.ts'))).toEqual(['web/src/mcp/widgets/a.ts -: web/src/mcp/widgets is not a known layer; add it to MCP_SUBLAYER_RANKS in scripts/checkImports.ts']);
  });
});

describe('checkImports: MCP actions', () => {
  const actions = [
    file('web/src/mcp/actions/document/read.ts', '../../defineAction', '../../guards', '../../../state/types', '../../../lib/paths'),
    file('web/src/mcp/actions/document/write.ts', './read'),
    file('web/src/mcp/actions/workspace/save.ts', '../document/write.js'),
    file('web/src/mcp/actions/document/read.test.ts', './read'),
    file('web/src/mcp/actions/index.ts', './document/read', './document/write', './workspace/save'),
  ];

  it('one action never imports another; the index and a test may', () => {
    expect(broken(...actions)).toEqual([
      'web/src/mcp/actions/document/write.ts ./read: an action imports no other file of mcp/actions; move shared logic to mcp/guards.ts or a lib',
      'web/src/mcp/actions/workspace/save.ts ../document/write.js: an action imports no other file of mcp/actions; move shared logic to mcp/guards.ts or a lib',
    ]);
  });

  it('an action may not import the actions folder index either (it registers every action)', () => {
    expect(broken(file('web/src/mcp/actions/document/read.ts', '../index'), file('web/src/mcp/actions/index.ts'))).toEqual([
      'web/src/mcp/actions/document/read.ts ../index: an action imports no other file of mcp/actions; move shared logic to mcp/guards.ts or a lib',
    ]);
  });
});
