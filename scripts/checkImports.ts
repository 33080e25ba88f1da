import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

/**
 * DEPS-style import boundaries (STYLE.md §3.2): shared is pure, the three apps import only shared,
 * web imports only downward through its layers, and one MCP action never imports another.
 */

export interface CheckedFile {
  /** Repository-relative, with forward slashes, e.g. `web/src/mcp/dispatch.ts`. */
  path: string;
  source: string;
}

export interface Violation {
  file: string;
  line: number;
  imported: string;
  rule: string;
}

export const SOURCE_ROOTS = ['shared/src', 'bridge/src', 'extension/src', 'web/src'];
const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.mjs'];
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist']);

const PACKAGES = ['shared', 'bridge', 'extension', 'web'] as const;
type PackageName = (typeof PACKAGES)[number];

/** Low to high; folders on one rank may import each other. Files at web/src root (main.tsx) rank above all. */
const WEB_LAYER_RANKS: Record<string, number> = { lib: 0, fs: 1, state: 1, journal: 1, documents: 1, comments: 1, workflow: 1, workers: 1, coherence: 1, editor: 2, mcp: 3, app: 4 };
const WEB_ROOT_RANK = 5;
const WEB_LAYER_ORDER = [...new Set(Object.values(WEB_LAYER_RANKS))]
  .sort((a, b) => a - b)
  .map((rank) => Object.keys(WEB_LAYER_RANKS).filter((layer) => WEB_LAYER_RANKS[layer] === rank).join('|'))
  .join(' → ');
const WEB_SRC = 'web/src/';

/**
 * Inside web/src/mcp, low to high: its support files at the folder's root (defineAction, needs,
 * guards, mutation, …) → `actions` (the handlers) → the dispatcher, which registers the handlers.
 */
const MCP_DIR = 'web/src/mcp/';
const MCP_SUBLAYER_RANKS: Record<string, number> = { actions: 1 };
const MCP_ROOT_RANK = 0;
const MCP_DISPATCHER = 'web/src/mcp/dispatch';
const MCP_DISPATCHER_RANK = 2;
const MCP_LAYER_ORDER = 'mcp root files → actions → dispatch.ts';

/**
 * The extension's browser half, low to high; files at extension/src/browser root (the router, the
 * handler definitions, settings) sit beside the layers and are not ranked.
 */
const BROWSER_LAYER_RANKS: Record<string, number> = { safety: 0, state: 1, tabs: 2, pageApi: 2, approvals: 3, recording: 3, navigation: 4, profiles: 5, reader: 5, screenshot: 5, acting: 5, signins: 5, workflows: 5, actions: 6, ui: 7 };
const BROWSER_SRC = 'extension/src/browser/';
const BROWSER_LAYER_ORDER = [...new Set(Object.values(BROWSER_LAYER_RANKS))]
  .sort((a, b) => a - b)
  .map((rank) => Object.keys(BROWSER_LAYER_RANKS).filter((layer) => BROWSER_LAYER_RANKS[layer] === rank).join('|'))
  .join(' → ');
const ACTIONS_DIR = 'web/src/mcp/actions/';

const RULES = {
  sharedIsPure: 'shared imports none of bridge, extension, web',
  sharedHasNoNode: 'shared imports no Node builtins',
  sharedShipsNoTestHelpers: 'shipped shared code imports no test helper (*.test.ts, testing/)',
  appsImportOnlyShared: 'bridge, extension and web import @vmark/shared, never each other',
  webImportsDownward: (from: string, to: string) => `web layer ${from} may not import the higher layer ${to} (${WEB_LAYER_ORDER})`,
  browserImportsDownward: (from: string, to: string) => `extension/src/browser layer ${from} may not import the higher layer ${to} (${BROWSER_LAYER_ORDER})`,
  browserUnknownLayer: (folder: string) => `extension/src/browser/${folder} is not a known layer; add it to BROWSER_LAYER_RANKS in scripts/checkImports.ts`,
  mcpImportsDownward: (from: string, to: string) => `web/src/mcp part ${from} may not import the higher part ${to} (${MCP_LAYER_ORDER})`,
  mcpUnknownLayer: (folder: string) => `web/src/mcp/${folder} is not a known layer; add it to MCP_SUBLAYER_RANKS in scripts/checkImports.ts`,
  webUnknownLayer: (folder: string) => `web/src/${folder} is not a known layer; add it to WEB_LAYER_RANKS in scripts/checkImports.ts`,
  actionsAreIndependent: 'an action imports no other file of mcp/actions; move shared logic to mcp/guards.ts or a lib',
};

interface ImportSite {
  specifier: string;
  line: number;
}

/** Every module specifier a file names: import/export declarations, import x = require, import(), require(), import types. */
export function collectImports(file: CheckedFile): ImportSite[] {
  const kind = file.path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(file.path, file.source, ts.ScriptTarget.Latest, false, kind);
  const sites: ImportSite[] = [];
  const add = (literal: ts.Node): void => {
    if (!ts.isStringLiteralLike(literal)) return;
    const line = sourceFile.getLineAndCharacterOfPosition(literal.getStart(sourceFile)).line + 1;
    sites.push({ specifier: literal.text, line });
  };
  const visit = (node: ts.Node): void => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) add(node.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) add(node.moduleReference.expression);
    else if (ts.isCallExpression(node) && isImportOrRequire(node.expression) && node.arguments[0]) add(node.arguments[0]);
    else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal);
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return sites;
}

function isImportOrRequire(callee: ts.Expression): boolean {
  return callee.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(callee) && callee.text === 'require');
}

type Target = { kind: 'path'; path: string } | { kind: 'package'; name: PackageName } | { kind: 'builtin' } | { kind: 'external' };

function isBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || builtinModules.includes(specifier.split('/')[0] ?? '');
}

/** The file a relative specifier names when it is among the checked files (`./x`, `./x.js`, `./dir`), else the bare path. */
function resolveRelative(fromFile: string, specifier: string, known: ReadonlySet<string>): string {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [base, ...SOURCE_EXTENSIONS.map((ext) => stem + ext), ...SOURCE_EXTENSIONS.map((ext) => `${base}/index${ext}`)];
  return candidates.find((candidate) => known.has(candidate)) ?? base;
}

function classify(fromFile: string, specifier: string, known: ReadonlySet<string>): Target {
  if (specifier.startsWith('.')) return { kind: 'path', path: resolveRelative(fromFile, specifier, known) };
  const vmarkPackage = /^@vmark\/([^/]+)/.exec(specifier)?.[1];
  if (vmarkPackage && (PACKAGES as readonly string[]).includes(vmarkPackage)) return { kind: 'package', name: vmarkPackage as PackageName };
  return isBuiltin(specifier) ? { kind: 'builtin' } : { kind: 'external' };
}

function packageOf(filePath: string): PackageName | null {
  const first = filePath.split('/')[0] ?? '';
  return (PACKAGES as readonly string[]).includes(first) ? (first as PackageName) : null;
}

function targetPackage(target: Target): PackageName | null {
  if (target.kind === 'package') return target.name;
  return target.kind === 'path' ? packageOf(target.path) : null;
}

/** The layer folder of a web/src file, '' for a file at web/src root, null outside web/src. */
function webLayerOf(filePath: string): string | null {
  if (!filePath.startsWith(WEB_SRC)) return null;
  const rest = filePath.slice(WEB_SRC.length).split('/');
  return rest.length === 1 ? '' : (rest[0] ?? '');
}

function webRank(layer: string): number | undefined {
  return layer === '' ? WEB_ROOT_RANK : WEB_LAYER_RANKS[layer];
}

/** The part of web/src/mcp a shipped file belongs to (its subfolder, 'mcp root' or the dispatcher), null elsewhere. */
function mcpPartOf(filePath: string): string | null {
  if (!filePath.startsWith(MCP_DIR) || isTestOnly(filePath)) return null;
  if (filePath.replace(/\.[cm]?[jt]sx?$/, '') === MCP_DISPATCHER) return 'dispatch.ts';
  const rest = filePath.slice(MCP_DIR.length).split('/');
  return rest.length === 1 ? 'mcp root' : (rest[0] ?? '');
}

function mcpRank(part: string): number | undefined {
  if (part === 'dispatch.ts') return MCP_DISPATCHER_RANK;
  return part === 'mcp root' ? MCP_ROOT_RANK : MCP_SUBLAYER_RANKS[part];
}

/** A handler file under web/src/mcp/actions/: not an index (which registers them) and not a test. */
function isActionFile(filePath: string): boolean {
  if (!filePath.startsWith(ACTIONS_DIR)) return false;
  const name = path.posix.basename(filePath);
  return !/^index\.[cm]?tsx?$/.test(name) && !/\.test\.[cm]?tsx?$/.test(name);
}

/** Tests and their helpers run under Vitest in Node and never ship, so they may read fixtures with node:fs. */
function isTestOnly(filePath: string): boolean {
  return /\.test\.[cm]?tsx?$/.test(filePath) || filePath.split('/').includes('testing');
}

function packageRule(fromFile: string, from: PackageName, target: Target): string | null {
  const to = targetPackage(target);
  if (from === 'shared') {
    if (to !== null && to !== 'shared') return RULES.sharedIsPure;
    if (isTestOnly(fromFile)) return null;
    if (target.kind === 'builtin') return RULES.sharedHasNoNode;
    return target.kind === 'path' && isTestOnly(target.path) ? RULES.sharedShipsNoTestHelpers : null;
  }
  return to !== null && to !== 'shared' && to !== from ? RULES.appsImportOnlyShared : null;
}

function webRule(fromFile: string, target: Target): string | null {
  if (target.kind !== 'path') return null;
  const fromLayer = webLayerOf(fromFile);
  const toLayer = webLayerOf(target.path);
  if (fromLayer === null || toLayer === null) return null;
  const fromRank = webRank(fromLayer);
  const toRank = webRank(toLayer);
  if (fromRank !== undefined && toRank !== undefined && toRank > fromRank) {
    return RULES.webImportsDownward(fromLayer, toLayer || 'web/src root');
  }
  // the actions index registers every action, so reaching it from an action reaches them all
  if (isActionFile(fromFile) && target.path.startsWith(ACTIONS_DIR) && target.path !== fromFile) return RULES.actionsAreIndependent;
  const fromPart = mcpPartOf(fromFile);
  const toPart = mcpPartOf(target.path);
  if (fromPart === null || toPart === null) return null;
  const fromPartRank = mcpRank(fromPart);
  const toPartRank = mcpRank(toPart);
  return fromPartRank !== undefined && toPartRank !== undefined && toPartRank > fromPartRank ? RULES.mcpImportsDownward(fromPart, toPart) : null;
}

/** The layer folder of an extension/src/browser file, null for a file at its root or outside it. */
function browserLayerOf(filePath: string): string | null {
  if (!filePath.startsWith(BROWSER_SRC)) return null;
  const rest = filePath.slice(BROWSER_SRC.length).split('/');
  return rest.length === 1 ? null : (rest[0] ?? null);
}

function browserRule(fromFile: string, target: Target): string | null {
  if (target.kind !== 'path') return null;
  const fromLayer = browserLayerOf(fromFile);
  const toLayer = browserLayerOf(target.path);
  if (fromLayer === null || toLayer === null) return null;
  const fromRank = BROWSER_LAYER_RANKS[fromLayer];
  const toRank = BROWSER_LAYER_RANKS[toLayer];
  return fromRank !== undefined && toRank !== undefined && toRank > fromRank ? RULES.browserImportsDownward(fromLayer, toLayer) : null;
}

function unknownWebLayer(filePath: string): string | null {
  const layer = webLayerOf(filePath);
  if (layer !== null && webRank(layer) === undefined) return RULES.webUnknownLayer(layer);
  const mcpPart = mcpPartOf(filePath);
  if (mcpPart !== null && mcpRank(mcpPart) === undefined) return RULES.mcpUnknownLayer(mcpPart);
  const browserLayer = browserLayerOf(filePath);
  return browserLayer !== null && BROWSER_LAYER_RANKS[browserLayer] === undefined ? RULES.browserUnknownLayer(browserLayer) : null;
}

export function checkImports(files: readonly CheckedFile[]): Violation[] {
  const known = new Set(files.map((file) => file.path));
  const violations: Violation[] = [];
  for (const file of files) {
    const from = packageOf(file.path);
    if (from === null) continue;
    const unknownLayer = unknownWebLayer(file.path);
    if (unknownLayer) violations.push({ file: file.path, line: 1, imported: '-', rule: unknownLayer });
    for (const site of collectImports(file)) {
      const target = classify(file.path, site.specifier, known);
      const rule = packageRule(file.path, from, target) ?? webRule(file.path, target) ?? browserRule(file.path, target);
      if (rule) violations.push({ file: file.path, line: site.line, imported: site.specifier, rule });
    }
  }
  return violations;
}

export function formatViolation(violation: Violation): string {
  return `${violation.file}:${violation.line} imported ${violation.imported}: ${violation.rule}`;
}

/** The checked files under the source roots, with repository-relative paths. */
export function readSourceFiles(repoRoot: string): CheckedFile[] {
  const files: CheckedFile[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(path.join(repoRoot, dir), { withFileTypes: true })) {
      const relative = `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name)) walk(relative);
      } else if (SOURCE_EXTENSIONS.some((ext) => entry.name.endsWith(ext))) {
        files.push({ path: relative, source: readFileSync(path.join(repoRoot, relative), 'utf8') });
      }
    }
  };
  for (const root of SOURCE_ROOTS) walk(root);
  return files;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = readSourceFiles(fileURLToPath(new URL('..', import.meta.url)));
  const violations = checkImports(files);
  for (const violation of violations) console.error(formatViolation(violation));
  console.log(`import boundaries: ${files.length} files checked, ${violations.length} violations`);
  process.exitCode = violations.length === 0 ? 0 : 1;
}
