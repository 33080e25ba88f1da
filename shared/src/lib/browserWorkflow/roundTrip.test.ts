import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatAction } from './actionGrammar';
import { parseWorkflow } from './parser';
import { serializeWorkflow } from './serialize';
import { MAX_WORKFLOW_STEPS, WORKFLOW_STEP_KINDS, type WorkflowAction, type WorkflowDocument } from './types';

const SEED = 20261201;
const inputName = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_-]{0,8}$/);
const role = fc.stringMatching(/^[a-z]{1,6}(-[a-z]{1,6})?$/);
const name = fc.string({ minLength: 1, maxLength: 30, unit: 'binary' });
const singleLine = fc.stringMatching(/^[^\r\n]*$/).map((text) => text.trim()).filter((text) => text !== '');

function actionArb(inputs: string[]): fc.Arbitrary<WorkflowAction> {
  const value = inputs.length > 0 ? fc.oneof(fc.record({ literal: name }), fc.record({ input: fc.constantFrom(...inputs) })) : fc.record({ literal: name });
  return fc.oneof(
    fc.record({ op: fc.constant('click' as const), name, role: fc.option(role, { nil: undefined }) }),
    fc.record({ op: fc.constant('type' as const), value, name, role: fc.option(role, { nil: undefined }) }),
    fc.record({ op: fc.constant('navigate' as const), url: fc.webUrl() }),
  );
}

const documentArb: fc.Arbitrary<WorkflowDocument> = fc
  .record({
    site: fc.stringMatching(/^[a-z0-9.-]{1,20}$/),
    inputs: fc.uniqueArray(inputName, { maxLength: 4 }),
    trigger: fc.option(singleLine, { nil: undefined }),
  })
  .chain((frontMatter) =>
    fc.record({
      frontMatter: fc.constant(frontMatter.trigger === undefined ? { site: frontMatter.site, inputs: frontMatter.inputs } : frontMatter),
      steps: fc.array(
        fc.oneof(
          actionArb(frontMatter.inputs).map((action) => ({ kind: 'action' as const, text: formatAction(action) })),
          fc.record({ kind: fc.constantFrom(...WORKFLOW_STEP_KINDS.filter((kind) => kind !== 'action')), text: singleLine.filter((text) => !/\{/.test(text)) }),
        ),
        { minLength: 1, maxLength: MAX_WORKFLOW_STEPS },
      ),
    }),
  );

describe('serializeWorkflow', () => {
  it(`round-trips through parseWorkflow (fast-check seed ${SEED})`, () => {
    fc.assert(
      fc.property(documentArb, (document) => {
        const parsed = parseWorkflow(serializeWorkflow(document));
        expect(parsed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
        expect(parsed.frontMatter).toEqual(document.frontMatter);
        expect(parsed.steps.map(({ kind, text }) => ({ kind, text }))).toEqual(document.steps);
        for (const step of parsed.steps) if (step.kind === 'action') expect(formatAction(step.action!)).toBe(step.text);
      }),
      { seed: SEED, numRuns: 300 },
    );
  });
});
