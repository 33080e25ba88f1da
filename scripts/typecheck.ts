import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * `npm run typecheck`: every TypeScript project checked by its own `tsc -p`, one per core at a time
 * (the slowest first), each project's output printed whole when it ends. Exits 1 if any fails.
 */

/** Slowest first (measured: web, bridge, tests, shared, extension; bench about as long as extension). */
export const PROJECTS = ['web', 'bridge', 'tests', 'shared', 'bench', 'extension'];

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');

interface Checked {
  project: string;
  code: number | null;
  output: string;
  seconds: number;
}

function check(project: string): Promise<Checked> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', (error) => resolve({ project, code: 1, output: String(error), seconds: 0 }));
    child.on('close', (code) => resolve({ project, code, output, seconds: (Date.now() - started) / 1000 }));
  });
}

export async function typecheck(projects: readonly string[], lanes: number): Promise<Checked[]> {
  const queue = [...projects];
  const done: Checked[] = [];
  const lane = async (): Promise<void> => {
    for (let project = queue.shift(); project !== undefined; project = queue.shift()) {
      const result = await check(project);
      process.stdout.write(`tsc -p ${result.project}: ${result.code === 0 ? 'ok' : 'FAILED'} (${result.seconds.toFixed(0)} s)\n${result.output}`);
      done.push(result);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, projects.length)) }, lane));
  return done;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const results = await typecheck(PROJECTS, os.availableParallelism());
  const failed = results.filter((result) => result.code !== 0).map((result) => result.project);
  if (failed.length > 0) {
    console.error(`typecheck: ${failed.join(', ')} failed`);
    process.exit(1);
  }
}
