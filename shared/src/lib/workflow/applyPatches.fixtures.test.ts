import { describe, expect, it } from 'vitest';
import type { IRPatchKind } from './irPatch';
import { parseFixture, type FixtureCase } from './testing/caseTools';
import { expectPatched } from './testing/expectPatched';
import { workflowFixtures } from './testing/fixtures';
import { needsCases } from './testing/needsCases';
import { setCases } from './testing/setCases';
import { triggerCases } from './testing/triggerCases';
import { withCases } from './testing/withCases';

const fixtures = workflowFixtures().map(({ name, text }) => {
  const parsed = parseFixture(text);
  const cases: FixtureCase[] = [...setCases(parsed), ...withCases(parsed), ...needsCases(parsed), ...triggerCases(parsed)];
  return { name, text, cases };
});

describe.each(fixtures)('WFL-PATCH-01 WFL-05 $name', ({ text, cases }) => {
  it.each(cases)('$title: only the patched lines change, semantics change by the patch alone', ({ patch, expected }) => {
    expectPatched(text, [patch], expected);
  });

  it('applies all its patches in order in one call', () => {
    expectPatched(text, cases.map(({ patch }) => patch));
  });
});

describe('fixture coverage', () => {
  it('has all 25 workflow fixtures and exercises every patch kind on several of them', () => {
    expect(fixtures).toHaveLength(25);
    const perKind = new Map<IRPatchKind, number>();
    for (const { cases } of fixtures) {
      for (const kind of new Set(cases.map(({ patch }) => patch.kind))) perKind.set(kind, (perKind.get(kind) ?? 0) + 1);
    }
    expect([...perKind.keys()].sort()).toEqual(
      ['job.set', 'needs.add', 'needs.remove', 'step.set', 'trigger.setFilters', 'with.remove', 'with.set', 'workflow.set'],
    );
    for (const count of perKind.values()) expect(count).toBeGreaterThanOrEqual(5);
  });
});
