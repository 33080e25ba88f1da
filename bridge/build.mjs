import { build } from 'esbuild';
import fs from 'node:fs';

fs.rmSync('dist', { recursive: true, force: true });

await build({
  entryPoints: { vmark: 'src/vmark.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.mjs' },
  // one chunk per command, so `vmark host` never loads the MCP SDK or express
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // dependencies resolve from node_modules at run time; only our own TypeScript is bundled
  external: ['@modelcontextprotocol/sdk', 'express', 'zod', 'yaml', '@napi-rs/keyring', 'gpt-tokenizer'],
  banner: { js: '#!/usr/bin/env node' },
  logLevel: 'warning',
});
