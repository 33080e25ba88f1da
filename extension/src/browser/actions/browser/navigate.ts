import { browserTool } from '@vmark/shared';
import { defineBrowserAction } from '../../defineBrowserAction';
import { checkDestination } from '../../navigation/destinationApproval';
import { navigateAiTab } from '../../navigation/navigateAiTab';
import { redactUrl } from '../../safety/pageFacts';
import { checkResolvedAddresses } from '../../navigation/resolvedAddresses';
import { checkNavigationUrl } from '../../safety/urlPolicy';
import { DEFAULT_NAVIGATION_TIMEOUT_MS, refuse } from '../../refusals';
import { loopbackAllowed } from '../../settings';

export const navigate = defineBrowserAction(browserTool, 'navigate', {
  needs: 'ai-tab',
  async run(ctx, args) {
    if (ctx.target.kind !== 'ai') throw new Error('navigate needs an AI tab');
    const allowLoopback = await loopbackAllowed(ctx.settings);
    const verdict = checkNavigationUrl(args.url, { allowLoopback });
    if (!verdict.ok) return refuse(verdict.token, verdict.message, { url: redactUrl(args.url), tabId: ctx.target.tabId });
    const resolved = await checkResolvedAddresses(verdict.url, { allowLoopback });
    if (!resolved.ok) return refuse(resolved.token, resolved.message, { url: redactUrl(args.url), tabId: ctx.target.tabId });
    if (ctx.target.tab.posture === 'shared') {
      const pending = await checkDestination(ctx.aiPrincipal, ctx.target.chromeTabId, verdict.url);
      if (pending) return pending;
    }
    return navigateAiTab(ctx.aiPrincipal.key, ctx.target.chromeTabId, verdict.url, args.timeoutMs ?? DEFAULT_NAVIGATION_TIMEOUT_MS);
  },
});
