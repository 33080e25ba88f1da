// Bundles the page-side scripts the extension injects into tabs:
//   page.js        IIFE, ISOLATED world, defines globalThis.__vmarkPage
//   consoleShim.js IIFE, MAIN world at document_start
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

/** Builds page.js and consoleShim.js into `outDir`; returns their paths. */
export async function buildPageScripts(outDir) {
  const page = path.join(outDir, 'page.js');
  const consoleShim = path.join(outDir, 'consoleShim.js');
  await Promise.all([
    build({ ...COMMON, entryPoints: [path.join(here, 'index.ts')], outfile: page }),
    build({ ...COMMON, entryPoints: [path.join(here, 'console/consoleShimEntry.ts')], outfile: consoleShim }),
  ]);
  return { page, consoleShim };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = path.resolve(process.argv[2] ?? path.join(here, '../../dist'));
  const built = await buildPageScripts(outDir);
  console.log(`built ${built.page} and ${built.consoleShim}`);
}
