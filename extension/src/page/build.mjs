// Bundles the page-side scripts the extension injects into tabs:
//   page.js        IIFE, ISOLATED world, defines globalThis.__vmarkPage
//   consoleShim.js IIFE, MAIN world, injected into AI tabs at commit
//   consoleGate.js + consoleShimEarly.js  registered at document_start (ISOLATED gate, MAIN dormant shim)
// Usage: `await buildPageScripts(outDir)` from the extension build, or `node build.mjs [outDir]`.

import { build } from 'esbuild';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));

const COMMON = {
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'chrome120',
  charset: 'utf8',
  legalComments: 'eof',
  logLevel: 'warning',
};

/** Builds page.js and the console scripts into `outDir`; returns the paths of page.js and consoleShim.js. */
export async function buildPageScripts(outDir) {
  const page = path.join(outDir, 'page.js');
  const consoleShim = path.join(outDir, 'consoleShim.js');
  await Promise.all([
    build({ ...COMMON, entryPoints: [path.join(here, 'index.ts')], outfile: page }),
    build({ ...COMMON, entryPoints: [path.join(here, 'console/consoleShimEntry.ts')], outfile: consoleShim }),
    build({ ...COMMON, entryPoints: [path.join(here, 'console/consoleShimEarlyEntry.ts')], outfile: path.join(outDir, 'consoleShimEarly.js') }),
    build({ ...COMMON, entryPoints: [path.join(here, 'console/consoleGateEntry.ts')], outfile: path.join(outDir, 'consoleGate.js') }),
  ]);
  return { page, consoleShim };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = path.resolve(process.argv[2] ?? path.join(here, '../../dist'));
  const built = await buildPageScripts(outDir);
  console.log(`built ${built.page} and ${built.consoleShim}`);
}
