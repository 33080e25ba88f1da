import { describe, expect, it } from 'vitest';
import { parseToolCall } from './mcpSchema';
import { IR_PATCH_KINDS, irPatchSchema, parsePatches, workflowTool } from './workflow';

const VALID_PATCHES = [
  { kind: 'workflow.set', path: 'env.CI', value: 'true' },
  { kind: 'job.set', jobId: 'build', path: 'runs-on', value: ['ubuntu-latest', 'macos-latest'] },
  { kind: 'step.set', jobId: 'build', stepIndex: 0, path: 'name', value: 'Checkout' },
  { kind: 'with.set', jobId: 'build', stepIndex: 1, key: 'node-version', value: 20 },
  { kind: 'with.remove', jobId: 'build', stepIndex: 1, key: 'cache' },
  { kind: 'needs.add', jobId: 'deploy', ref: 'build' },
  { kind: 'needs.remove', jobId: 'deploy', ref: 'lint' },
  { kind: 'trigger.setFilters', event: 'push', filter: 'branches', value: ['main'] },
];

describe('workflow', () => {
  it('WFL-PATCH-03 the eight IRPatch kinds of the seed', () => {
    expect(IR_PATCH_KINDS).toEqual(VALID_PATCHES.map((patch) => patch.kind));
    for (const patch of VALID_PATCHES) expect(irPatchSchema.safeParse(patch).success, patch.kind).toBe(true);
  });

  it('WFL-PATCH-03 parsePatches accepts valid patches in order', () => {
    expect(parsePatches(VALID_PATCHES)).toEqual({ ok: true, patches: VALID_PATCHES });
  });

  it('WFL-PATCH-03 parsePatches names the index of the first malformed patch', () => {
    const result = parsePatches([VALID_PATCHES[0], { kind: 'needs.add', jobId: 'deploy' }, { kind: 'nope' }]);
    expect(result).toMatchObject({ ok: false, index: 1 });
    if (!result.ok) expect(result.message).toMatch(/^patches\[1\]: `ref` is required/);
  });

  it('WFL-PATCH-03 unknown kinds, extra fields and bad values are malformed', () => {
    const kindResult = parsePatches([{ kind: 'job.create', jobId: 'x' }]);
    expect(kindResult).toMatchObject({ ok: false, index: 0 });
    if (!kindResult.ok) expect(kindResult.message).toContain('workflow.set, job.set');
    expect(parsePatches([{ ...VALID_PATCHES[0], extra: 1 }])).toMatchObject({ ok: false, index: 0 });
    expect(parsePatches([{ kind: 'step.set', jobId: 'a', stepIndex: -1, path: 'x', value: 1 }])).toMatchObject({ ok: false });
    expect(parsePatches([{ kind: 'trigger.setFilters', event: 'push', filter: 'branch', value: [] }])).toMatchObject({ ok: false });
    expect(parsePatches([{ kind: 'workflow.set', path: 'name' }])).toMatchObject({ ok: false });
    expect(parsePatches([42])).toMatchObject({ ok: false, index: 0 });
  });

  it('WFL-PATCH-03 a malformed patch is not an argument-shape error (it becomes INVALID_PATCH)', () => {
    expect(parseToolCall(workflowTool, { action: 'apply_patch', patches: [{ kind: 'nope' }] }).ok).toBe(true);
    expect(parseToolCall(workflowTool, { action: 'apply_patch', patches: 'x' }).ok).toBe(false);
  });

  it('CMT-ADDR-04 more than 64 addresses is not a schema error (INVALID_ADDRESSES envelope)', () => {
    const addresses = Array.from({ length: 65 }, (_, index) => `c${index}`);
    expect(parseToolCall(workflowTool, { action: 'apply_patch', patches: [], addresses }).ok).toBe(true);
  });
});
