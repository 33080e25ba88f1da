import { expect } from 'vitest';
import { applyPatches, parseWorkflow } from '../applyPatches';
import type { IRPatch } from '../irPatch';
import type { ExpectedChange } from './caseTools';
import { lineChange } from './lineDiff';
import { applyPatchToPlain } from './semanticModel';

/**
 * Applies `patches` and checks the result three ways: the text differs from `before` in exactly the
 * expected hunk (when given), line endings and the final-newline state are kept, and the parsed
 * value differs from the old one exactly as the independent model says.
 */
export function expectPatched(before: string, patches: IRPatch[], expected?: ExpectedChange): string {
  const result = applyPatches(before, patches);
  if (!result.ok) throw new Error(`patch ${result.index} refused: ${result.message}`);
  const after = result.text;
  if (expected) {
    const change = lineChange(before, after);
    const added = change.added.map((line) => line.replace(/\r$/, ''));
    expect({ at: change.at, removed: change.removed.length }).toEqual({ at: expected.at, removed: expected.removed });
    expect(added).toHaveLength(expected.added.length);
    expected.added.forEach((line, i) => {
      if (typeof line === 'string') expect(added[i]).toBe(line);
      else expect(added[i]).toMatch(line);
    });
  }
  expect(after.endsWith('\n')).toBe(before.endsWith('\n'));
  if (before.includes('\r\n')) expect(after.replace(/\r\n/g, '')).not.toContain('\n');
  const parsed = parseWorkflow(after);
  expect(parsed.errors).toEqual([]);
  const model = patches.reduce<unknown>((plain, patch) => applyPatchToPlain(plain, patch), parseWorkflow(before).toJS());
  expect(parsed.toJS()).toEqual(model);
  return after;
}
