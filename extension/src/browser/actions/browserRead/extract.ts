import { browserReadTool, ok, textFailure } from '@vmark/shared';
import { defineBrowserAction } from '../../defineBrowserAction';
import { readTarget } from '../../pageApi/readTarget';
import { runReader } from '../../reader/runReader';
import { untrustedNotice } from '../../refusals';

/**
 * Reader-mode Markdown. The page only exports a bounded, visible-only copy of its HTML; the
 * reading (site readers first, then the generic reader, page text escaped so it cannot inject
 * structure) runs in the extension's offscreen document.
 */
export const extract = defineBrowserAction(browserReadTool, 'extract', {
  needs: 'readable',
  async run(ctx) {
    const capture = await readTarget(ctx.target, 'captureReaderHtml', [{}]);
    if (!capture.ok) return capture.outcome;
    const article = await runReader(capture.value).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));
    if (article instanceof Error) return textFailure(`extract failed on tab ${ctx.target.tabId}: ${article.message}`);
    return ok({ ...article, tabId: ctx.target.tabId, untrusted: true }, { notice: untrustedNotice(article.url) });
  },
});
