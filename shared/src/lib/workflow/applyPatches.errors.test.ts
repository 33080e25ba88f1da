import { describe, expect, it } from 'vitest';
import { applyPatches } from './applyPatches';
import type { IRPatch } from './irPatch';

const src = [
  'on: push',
  'jobs:',
  '  build:',
  '    runs-on: ubuntu-latest',
  '    steps:',
  '      - uses: actions/checkout@v4',
  '      - run: make',
  '  call:',
  '    uses: ./.github/workflows/reusable.yml',
  '',
].join('\n');

const valid: IRPatch = { kind: 'job.set', jobId: 'build', path: 'timeout-minutes', value: 5 };

/** Sends `patch` second, after a valid one, so that the reported index must be 1. */
function refusal(patch: unknown) {
  return applyPatches(src, [valid, patch as IRPatch]);
}

describe('WFL-PATCH-03 malformed patches are refused with their index', () => {
  it.each([
    ['not an object', 'job.set'],
    ['an unknown kind', { kind: 'job.delete', jobId: 'build' }],
    ['a missing field', { kind: 'job.set', jobId: 'build', value: 1 }],
    ['an empty jobId', { kind: 'needs.add', jobId: '', ref: 'x' }],
    ['a negative stepIndex', { kind: 'step.set', jobId: 'build', stepIndex: -1, path: 'name', value: 'x' }],
    ['a fractional stepIndex', { kind: 'with.remove', jobId: 'build', stepIndex: 0.5, key: 'x' }],
    ['an empty path segment', { kind: 'workflow.set', path: 'env..X', value: 'x' }],
    ['an empty path array', { kind: 'workflow.set', path: [], value: 'x' }],
    ['an object as a with: value', { kind: 'with.set', jobId: 'build', stepIndex: 0, key: 'k', value: { a: 1 } }],
    ['null as a with: value', { kind: 'with.set', jobId: 'build', stepIndex: 0, key: 'k', value: null }],
    ['a number as a needs ref', { kind: 'needs.add', jobId: 'build', ref: 5 }],
    ['a string as filter values', { kind: 'trigger.setFilters', event: 'push', filter: 'branches', value: 'main' }],
    ['an unknown filter', { kind: 'trigger.setFilters', event: 'push', filter: 'branch', value: ['main'] }],
    ['a non-JSON value', { kind: 'workflow.set', path: 'env.X', value: undefined }],
    ['NaN as a value', { kind: 'workflow.set', path: 'env.X', value: Number.NaN }],
  ])('%s', (_, patch) => {
    expect(refusal(patch)).toMatchObject({ ok: false, index: 1 });
  });

  it('refuses a non-array', () => {
    expect(applyPatches(src, { kind: 'job.set' } as unknown as IRPatch[])).toMatchObject({ ok: false, index: 0 });
  });

  it('checks every patch before applying any', () => {
    const result = applyPatches(src, [{ kind: 'job.set', jobId: 'nope', path: 'x', value: 1 }, { kind: 'bad' } as unknown as IRPatch]);
    expect(result).toMatchObject({ ok: false, index: 1 });
  });
});

describe('WFL-PATCH-03 patches that do not fit the workflow are refused with their index', () => {
  it.each<[string, IRPatch, RegExp]>([
    ['an unknown jobId', { kind: 'job.set', jobId: 'deploy', path: 'x', value: 1 }, /unknown jobId "deploy".*build, call/],
    ['a stepIndex out of range', { kind: 'step.set', jobId: 'build', stepIndex: 2, path: 'name', value: 'x' }, /out of range.*2 steps/],
    ['a job without steps', { kind: 'with.set', jobId: 'call', stepIndex: 0, key: 'k', value: 'v' }, /has no steps/],
    ['needs on an unknown job', { kind: 'needs.add', jobId: 'deploy', ref: 'build' }, /unknown jobId/],
    ['a missing intermediate mapping in job.set', { kind: 'job.set', jobId: 'build', path: 'env.X', value: 1 }, /does not exist/],
    ['a path through a scalar', { kind: 'job.set', jobId: 'build', path: 'runs-on.x', value: 1 }, /not a mapping/],
    ['a list item set by index', { kind: 'job.set', jobId: 'build', path: 'steps.0', value: {} }, /by index/],
    ['a trigger that is not there', { kind: 'trigger.setFilters', event: 'pull_request', filter: 'branches', value: ['x'] }, /not a trigger/],
  ])('%s', (_, patch, message) => {
    const result = refusal(patch);
    expect(result).toMatchObject({ ok: false, index: 1 });
    expect(result.ok ? '' : result.message).toMatch(message);
  });

  it('refuses a source that is not valid YAML', () => {
    expect(applyPatches('jobs: [a\n', [valid])).toMatchObject({ ok: false, index: 0, message: expect.stringContaining('not valid YAML') });
  });
});

describe('no-op patches leave the text as it is (WFL-PATCH-07: nothing to record)', () => {
  it.each<[string, IRPatch]>([
    ['with.remove of an absent key', { kind: 'with.remove', jobId: 'build', stepIndex: 0, key: 'absent' }],
    ['with.remove on a step without with:', { kind: 'with.remove', jobId: 'build', stepIndex: 1, key: 'x' }],
    ['needs.remove of an id that is not needed', { kind: 'needs.remove', jobId: 'build', ref: 'call' }],
    ['setting a value it already has', { kind: 'job.set', jobId: 'build', path: 'runs-on', value: 'ubuntu-latest' }],
    ['an empty filter list on on: push', { kind: 'trigger.setFilters', event: 'push', filter: 'branches', value: [] }],
  ])('%s', (_, patch) => {
    expect(applyPatches(src, [patch])).toEqual({ ok: true, text: src });
  });

  it('needs.add of an id already needed', () => {
    const withNeeds = src.replace('  call:\n', '  call:\n    needs: [build]\n');
    expect(applyPatches(withNeeds, [{ kind: 'needs.add', jobId: 'call', ref: 'build' }])).toEqual({ ok: true, text: withNeeds });
  });

  it('an empty patch list', () => {
    expect(applyPatches(src, [])).toEqual({ ok: true, text: src });
  });
});
