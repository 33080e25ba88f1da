import { isMap, isScalar } from 'yaml';
import { isPlainBlockMap, isSingleLineScalar, keyColumn, keyLine, lastLineOfPair, lastPair, pairOf, plainSteps, spaces, type FixtureCase, type ParsedFixture } from './caseTools';
import { appendedPair, replacedValue } from './setCases';

/** with.set on an existing input, a new input, a step without with:; with.remove of an input. */
export function withCases(f: ParsedFixture): FixtureCase[] {
  const cases: FixtureCase[] = [];
  const steps = plainSteps(f);
  const withStep = steps.find((step) => isPlainBlockMap(pairOf(step.map, 'with')?.value));
  if (withStep) {
    const { jobId, index } = withStep;
    const inputs = pairOf(withStep.map, 'with')?.value;
    if (!isMap(inputs)) throw new Error('unreachable');
    const scalarInput = inputs.items.find((pair) => isSingleLineScalar(f, pair.value));
    if (scalarInput && isScalar(scalarInput.key)) {
      cases.push({
        title: 'with.set an existing input',
        patch: { kind: 'with.set', jobId, stepIndex: index, key: String(scalarInput.key.value), value: 'vmark-value' },
        expected: replacedValue(f, scalarInput, 'vmark-value'),
      });
    }
    cases.push({
      title: 'with.set a new input',
      patch: { kind: 'with.set', jobId, stepIndex: index, key: 'vmark-input', value: 'vmark-value' },
      expected: appendedPair(f, lastPair(inputs), 'vmark-input: vmark-value'),
    });
  }
  const bare = steps.find((step) => !pairOf(step.map, 'with'));
  if (bare) {
    const last = lastPair(bare.map);
    const column = keyColumn(f, last);
    cases.push({
      title: 'with.set creates the with: block',
      patch: { kind: 'with.set', jobId: bare.jobId, stepIndex: bare.index, key: 'vmark-input', value: 'vmark-value' },
      expected: {
        at: lastLineOfPair(f, last) + 1,
        removed: 0,
        added: [`${spaces(column)}with:`, new RegExp(`^${spaces(column)} +vmark-input: vmark-value$`)],
      },
    });
  }
  const removeCase = withRemoveCase(f, steps);
  if (removeCase) cases.push(removeCase);
  return cases;
}

function withRemoveCase(f: ParsedFixture, steps: ReturnType<typeof plainSteps>): FixtureCase | undefined {
  for (const step of steps) {
    const withPair = pairOf(step.map, 'with');
    const inputs = withPair?.value;
    if (!withPair || !isPlainBlockMap(inputs)) continue;
    const target = inputs.items.find((pair) => isScalar(pair.key) && !(pair.value as { anchor?: string } | null)?.anchor);
    if (!target || !isScalar(target.key)) continue;
    const patch = { kind: 'with.remove', jobId: step.jobId, stepIndex: step.index, key: String(target.key.value) } as const;
    if (inputs.items.length === 1) {
      return {
        title: 'with.remove of the only input leaves with: {}',
        patch,
        expected: {
          at: keyLine(f, withPair),
          removed: lastLineOfPair(f, target) - keyLine(f, withPair) + 1,
          added: [new RegExp(`^${spaces(keyColumn(f, withPair))}with: \\{\\}`)],
        },
      };
    }
    return {
      title: 'with.remove removes exactly the input lines',
      patch,
      expected: { at: keyLine(f, target), removed: lastLineOfPair(f, target) - keyLine(f, target) + 1, added: [] },
    };
  }
  return undefined;
}
