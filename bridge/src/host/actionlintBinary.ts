import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { ActionlintFinding } from '@vmark/shared';
import { hopTimeoutMs } from '@vmark/shared/protocol/callTimeouts';
import { ServiceError } from './serviceError';

/** A workflow of a few thousand lines lints in well under a second; a hung binary must not hold the call. */
const RUN_TIMEOUT_MS = hopTimeoutMs('hostActionlint');

interface Binary {
  file: string;
  version: string;
}

let probed: Promise<Binary | null> | undefined;

function isExecutable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/** `VMARK_ACTIONLINT` names the binary (`off`: use none); otherwise the first `actionlint` on PATH. */
function locate(): string | null {
  const named = process.env.VMARK_ACTIONLINT;
  if (named === 'off') return null;
  if (named) return isExecutable(named) ? named : null;
  const names = process.platform === 'win32' ? ['actionlint.exe'] : ['actionlint'];
  for (const dir of (process.env.PATH ?? '').split(path.delimiter).filter(Boolean)) {
    for (const name of names) if (isExecutable(path.join(dir, name))) return path.join(dir, name);
  }
  return null;
}

async function probe(): Promise<Binary | null> {
  const file = locate();
  if (!file) return null;
  const output = await new Promise<string>((resolve) =>
    execFile(file, ['-version'], { timeout: RUN_TIMEOUT_MS }, (error, stdout) => resolve(error ? '' : stdout)),
  );
  const version = /\d+\.\d+\.\d+/.exec(output.split('\n')[0] ?? '')?.[0];
  return version ? { file, version } : null;
}

/** Looked up once per host process: installing actionlint while the browser runs needs a browser restart. */
export async function actionlintVersion(): Promise<string | null> {
  return (await (probed ??= probe()))?.version ?? null;
}

/** actionlint exits 0 (clean) or 1 (findings); anything else is a failure of the run itself. */
export async function runActionlint(text: string, filePath: string): Promise<ActionlintFinding[]> {
  const binary = await (probed ??= probe());
  if (!binary) throw new ServiceError('NOT_INSTALLED', 'actionlint is not installed on this machine');
  const child = spawn(binary.file, ['-no-color', '-format', '{{json .}}', '-stdin-filename', filePath, '-'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  child.stdin.end(text);
  const code = await new Promise<number | null>((resolve) => {
    child.on('error', () => resolve(null));
    child.on('close', resolve);
  }).finally(() => clearTimeout(timer));
  if (code !== 0 && code !== 1) throw new ServiceError('ACTIONLINT_FAILED', `actionlint ${binary.version} failed (exit ${String(code)}): ${stderr.trim().slice(0, 500)}`);
  const findings = JSON.parse(stdout.trim() || '[]') as { line: number; column: number; message: string; kind: string }[];
  return findings.map(({ line, column, message, kind }) => ({ line, column, message, kind }));
}
