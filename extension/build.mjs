import { build } from 'esbuild';
import fs from 'node:fs';

fs.rmSync('dist', { recursive: true, force: true });
fs.mkdirSync('dist', { recursive: true });
fs.cpSync('static', 'dist', { recursive: true });
// the one set of design variables the editor uses too
fs.copyFileSync('../shared/styles/theme.css', 'dist/theme.css');
// and the editor's brand mark, so the popup's title shows the same logo as the editor's sidebar
fs.copyFileSync('../web/public/icon.svg', 'dist/icon.svg');

await build({
  entryPoints: { background: 'src/background/main.ts', popup: 'src/popup/popup.ts', approval: 'src/browser/ui/approval.ts', permissions: 'src/browser/ui/sitePermissions.ts', offscreen: 'src/browser/reader/readerDocument.ts' },
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  target: 'chrome120',
  sourcemap: true,
  logLevel: 'warning',
});

if (fs.existsSync('src/page/build.mjs')) {
  const { buildPageScripts } = await import('./src/page/build.mjs');
  await buildPageScripts('dist');
}
