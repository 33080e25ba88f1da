#!/usr/bin/env -S node --max-semi-space-size=1 --no-opt
// npm links a workspace's bin while installing, before `postinstall` has built dist/: a bin that
// pointed into dist/ was skipped and `npx vmark` found nothing to run. This file is committed, so
// the link is made; it runs the build. The flags on the first line: see LEAN_NODE_FLAGS in src/os/nodeFlags.ts.
import { existsSync } from 'node:fs';

const built = new URL('../dist/vmark.mjs', import.meta.url);
if (!existsSync(built)) {
  process.stderr.write('vmark: bridge/dist/vmark.mjs is missing; run `npm ci` (or `npm run build`) in the repository first.\n');
  process.exit(1);
}
await import(built.href);
