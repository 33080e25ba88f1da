import { DomainErrorException, invalidPatch, ok, parsePatches, workflowTool, type IRPatch } from '@vmark/shared';
import { applyPatches, findMergeKeys, type IRPatch as LibraryPatch } from '@vmark/shared/lib/workflow/index';
import { defineAction } from '../../defineAction';
import { docKeyOf, runMutation } from '../../mutation';

/** CST-safe edits: each patch splices only the text it changes, so comments, anchors and key order stay. */
export const applyPatch = defineAction(workflowTool, 'apply_patch', {
  needs: { tab: 'workflow' },
  async run(ctx, args) {
    const parsed = parsePatches(args.patches);
    if (!parsed.ok) throw new DomainErrorException(invalidPatch(parsed.index, parsed.message));
    const tab = ctx.tab;
    const result = await runMutation(
      ctx,
      ctx.journal,
      {
        tool: 'workflow',
        action: 'apply_patch',
        tab,
        implicitTab: args.tabId === undefined,
        expectedRevision: args.expected_revision,
        addresses: args.addresses,
        input: null,
        compute: (current) => patched(current, parsed.patches),
        apply: (next) => {
          ctx.store.setContent(tab.id, next as string);
          return next as string;
        },
      },
      ctx.openThreads(docKeyOf(tab)),
    );
    const warnings = mergeKeyWarnings(result.content);
    return ok({ revision: result.revision, applied: true, durable: result.durable, ...(warnings.length > 0 ? { warnings } : {}) });
  },
});

/** Runs before anything is recorded, so a refused patch leaves no journal entry. */
function patched(current: string, patches: IRPatch[]): string {
  // the wire schema lets any JSON through as a with: value; applyPatches refuses non-scalars by index
  const result = applyPatches(current, patches as readonly LibraryPatch[]);
  if (!result.ok) throw new DomainErrorException(invalidPatch(result.index, `patches[${result.index}]: ${result.message}`));
  return result.text;
}

function mergeKeyWarnings(text: string): { line: number; col: number; message: string }[] {
  return findMergeKeys(text).map(({ line, col }) => ({
    line,
    col,
    message: 'A "<<" merge key, which GitHub Actions does not support; patches cannot edit through it.',
  }));
}
