import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { nameToEmoji } from 'gemoji';
import { defineConfig, type Plugin } from 'vite';

/** KaTeX ships each font as woff2, woff and ttf; browsers that run VMark all take woff2. */
const SKIPPED_ASSET = /\.map$|KaTeX_[^/]*\.(woff|ttf)$/;

/** Writes the built asset list into dist/sw.js (`const PRECACHE_ASSETS = [];`) for offline use. */
function precacheAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'vmark-precache-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const assets = Object.keys(bundle)
        .filter((file) => !SKIPPED_ASSET.test(file) && file !== 'index.html')
        .map((file) => `/${file}`)
        .sort();
      const sw = path.join(outDir, 'sw.js');
      const source = readFileSync(sw, 'utf8');
      const marker = 'const PRECACHE_ASSETS = [];';
      if (!source.includes(marker)) throw new Error(`${sw} has no "${marker}" to fill in`);
      writeFileSync(sw, source.replace(marker, `const PRECACHE_ASSETS = ${JSON.stringify(assets)};`));
    },
  };
}

const GEMOJI_NAMES = 'virtual:gemoji-names';

/** GitHub's shortcode → emoji map alone (emojiNames.ts): gemoji's full list also carries tags, descriptions and categories. */
function gemojiNames(): Plugin {
  return {
    name: 'vmark-gemoji-names',
    resolveId: (id) => (id === GEMOJI_NAMES ? `\0${GEMOJI_NAMES}` : undefined),
    load: (id) => (id === `\0${GEMOJI_NAMES}` ? `export default ${JSON.stringify(nameToEmoji)};` : undefined),
  };
}

export default defineConfig({
  plugins: [react(), gemojiNames(), precacheAssets()],
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 4000 },
  worker: { format: 'es' },
});
