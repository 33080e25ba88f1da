import { browserTool, ok, type CallOutcome } from '@vmark/shared';
import type { StyleChange, StyleResult, StyleTarget } from '../../../page/act/applyStyle';
import { permitOrAsk, spendPermit } from '../../approvals/operationGrants';
import { defineBrowserAction } from '../../defineBrowserAction';
import { readTarget } from '../../pageApi/readTarget';
import { refuse } from '../../refusals';
import { loadBrowserState } from '../../state/browserState';

type StyleArgs = { set?: Record<string, string>; addClasses?: string[]; removeClasses?: string[]; injectCss?: string };

function changeOf(args: StyleArgs): StyleChange | null {
  if (args.set) return { set: args.set };
  if (args.addClasses) return { addClasses: args.addClasses };
  if (args.removeClasses) return { removeClasses: args.removeClasses };
  return null;
}

/** What the person approves, exactly. */
function detailOf(args: StyleArgs): string {
  if (args.set) return Object.entries(args.set).map(([prop, value]) => `${prop}: ${value}`).join('; ');
  if (args.addClasses) return `add classes ${args.addClasses.join(' ')}`;
  if (args.removeClasses) return `remove classes ${args.removeClasses.join(' ')}`;
  return `inject CSS:\n${args.injectCss ?? ''}`;
}

async function refused(tabId: string, chromeTabId: number, result: Extract<StyleResult, { ok: false }>): Promise<CallOutcome> {
  const tab = (await loadBrowserState()).aiTabs[String(chromeTabId)];
  const data = { tabId, operation: 'style', reason: result.reason, detail: result.detail, url: tab?.url ?? '', generation: tab?.generation ?? 0, untrusted: true };
  return result.reason === 'stale' ? refuse('STALE_COMMAND', result.detail, data) : refuse('ACT_REFUSED', `style refused (${result.reason}): ${result.detail}`, data);
}

/** Inline style or classes on the target, or CSS injected into the page (insertCSS, exempt from the page's CSP). */
export const style = defineBrowserAction(browserTool, 'style', {
  needs: 'ai-tab',
  async run(ctx, args) {
    const target = ctx.target;
    if (target.kind !== 'ai') throw new Error('style needs an AI tab');
    const styleTarget: StyleTarget = args.ref !== undefined ? { ref: args.ref } : { selector: args.selector ?? '' };
    const inspected = await readTarget(target, 'applyStyle', [styleTarget, { inspect: true }]);
    if (!inspected.ok) return inspected.outcome;
    if (!inspected.value.ok) return refused(target.tabId, target.chromeTabId, inspected.value);
    const { first, count } = inspected.value;
    const element = 'ref' in styleTarget ? { role: first.role, name: first.name } : { role: 'selector', name: `${styleTarget.selector} (${count} element${count === 1 ? '' : 's'})` };
    const permit = await permitOrAsk(ctx.aiPrincipal, target.tab, { operation: 'style', element, detail: detailOf(args) }, { tool: 'browser', action: 'style' });
    if (!permit.ok) return permit.outcome;

    const change = changeOf(args);
    let changed = count;
    if (change) {
      const applied = await readTarget(target, 'applyStyle', [styleTarget, change]);
      if (!applied.ok) return applied.outcome;
      if (!applied.value.ok) return refused(target.tabId, target.chromeTabId, applied.value);
      changed = applied.value.count;
    } else {
      await chrome.scripting.insertCSS({ target: { tabId: target.chromeTabId, frameIds: [0] }, css: args.injectCss ?? '', origin: 'USER' });
    }
    await spendPermit(ctx.aiPrincipal, target.chromeTabId, permit.permit);
    const tab = (await loadBrowserState()).aiTabs[String(target.chromeTabId)];
    return ok({ tabId: target.tabId, changed, ...(change ? {} : { injected: true }), url: tab?.url ?? '', generation: tab?.generation ?? 0 });
  },
});
