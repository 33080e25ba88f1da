import { build } from 'esbuild';

await build({
  entryPoints: ['src/vmark.ts'],
  outfile: 'dist/vmark.mjs',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // dependencies resolve from node_modules at run time; only our own TypeScript is bundled
  external: ['@modelcontextprotocol/sdk', 'express', 'zod', 'yaml'],
  banner: { js: '#!/usr/bin/env node' },
  logLevel: 'warning',
});
