import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

const STANDIN = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../tests/fixtures/actionlint-standin/actionlint');

/** A fresh module per test: the binary is looked up once per host process. */
async function load(binary: string | undefined, pathVariable = process.env.PATH) {
  vi.resetModules();
  vi.stubEnv('VMARK_ACTIONLINT', binary ?? '');
  vi.stubEnv('PATH', pathVariable ?? '');
  return import('./actionlintBinary');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the local actionlint binary', () => {
  it('WFL-VAL-03 reports its version and lints text from stdin into findings', async () => {
    const { actionlintVersion, runActionlint } = await load(STANDIN);
    expect(await actionlintVersion()).toBe('1.7.12');
    const findings = await runActionlint('on: push\n', '.github/workflows/ci.yml');
    expect(findings).toEqual([
      { line: 1, column: 1, message: '"jobs" section is missing in workflow', kind: 'syntax-check' },
      { line: 1, column: 1, message: 'linted by the local binary', kind: 'standin' },
    ]);
  });

  it('a binary that fails is an ACTIONLINT_FAILED service error with its stderr', async () => {
    const { runActionlint } = await load(STANDIN);
    await expect(runActionlint('# STANDIN_CRASH\non: push\n', 'x.yml')).rejects.toMatchObject({ code: 'ACTIONLINT_FAILED', message: expect.stringContaining('panic: stand-in crash') });
  });

  it('WFL-VAL-03 none installed: no version, and a run is NOT_INSTALLED', async () => {
    const { actionlintVersion, runActionlint } = await load(undefined, '/nonexistent');
    expect(await actionlintVersion()).toBeNull();
    await expect(runActionlint('on: push\n', 'x.yml')).rejects.toMatchObject({ code: 'NOT_INSTALLED' });
  });

  it('is found on PATH when VMARK_ACTIONLINT is not set', async () => {
    // the stand-in's shebang needs node on PATH too
    const { actionlintVersion } = await load(undefined, ['/nonexistent', path.dirname(STANDIN), path.dirname(process.execPath)].join(path.delimiter));
    expect(await actionlintVersion()).toBe('1.7.12');
  });
});
