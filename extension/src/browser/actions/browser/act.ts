import { browserTool } from '@vmark/shared';
import type { ActRequest } from '../../../page/act/types';
import { permitOrAsk, refNeedsSiteGrant, siteGrantExists, spendPermit } from '../../approvals/operationGrants';
import { actDone, refusedAct, type ActContext } from '../../acting/actAnswer';
import { performTrusted } from '../../acting/performTrusted';
import { watchPopups } from '../../acting/popupTrap';
import { defineBrowserAction } from '../../defineBrowserAction';
import { readTarget } from '../../pageApi/readTarget';
import { trustedInputOn } from '../../settings';

type ActArgs = { text?: string; dy?: number; key?: string; modifiers?: { ctrl?: boolean; shift?: boolean; alt?: boolean; meta?: boolean } };

/** Exactly what the person approves besides the element: the text, the key with modifiers, the delta. */
function detailOf(operation: string, args: ActArgs): string | null {
  if (operation === 'type') return JSON.stringify(args.text ?? '');
  if (operation === 'scroll' && args.dy !== undefined) return `by ${args.dy} px`;
  if (operation === 'key') {
    const held = (['ctrl', 'shift', 'alt', 'meta'] as const).filter((m) => args.modifiers?.[m]).map((m) => m[0]!.toUpperCase() + m.slice(1));
    return [...held, args.key ?? ''].join('+');
  }
  return null;
}

/**
 * Verify, approve, act: the page resolves and names the target (nothing touched), the person's
 * grant is checked (or asked for: NOT_GRANTED at once), then the page checks the target again and
 * acts. A refusal names its reason; the answer always carries the tab's url and generation.
 */
export const act = defineBrowserAction(browserTool, 'act', {
  needs: 'ai-tab',
  async run(ctx, args) {
    const target = ctx.target;
    if (target.kind !== 'ai') throw new Error('act needs an AI tab');
    const { operation } = args;
    const request: ActRequest = {
      operation,
      target: args.ref !== undefined ? { ref: args.ref } : args.role !== undefined && args.name !== undefined ? { role: args.role, name: args.name } : null,
      ...(args.text !== undefined ? { text: args.text } : {}),
      ...(args.dy !== undefined ? { dy: args.dy } : {}),
      ...(args.key !== undefined ? { key: args.key } : {}),
      ...(args.modifiers ? { modifiers: args.modifiers } : {}),
    };
    if (args.ref !== undefined && !(await siteGrantExists(ctx.aiPrincipal.key, target.tab.origin, operation))) return refNeedsSiteGrant(target.tab, operation);
    const answer: ActContext = { tabId: target.tabId, chromeTabId: target.chromeTabId, operation, input: 'synthetic', popup: null };

    const inspected = await readTarget(target, 'inspectAct', [request]);
    if (!inspected.ok) return inspected.outcome;
    const found = inspected.value;
    if (!found.ok) return refusedAct(answer, found);
    if (found.upload) {
      return refusedAct(answer, { ...found, reason: 'upload', detail: 'file inputs are never automated; ask the user to choose the file', element: found.element ?? undefined });
    }
    const element = found.element && { role: found.element.role, name: found.element.name };
    const permit = await permitOrAsk(ctx.aiPrincipal, target.tab, { operation, element, detail: detailOf(operation, args) }, { tool: 'browser', action: 'act' });
    if (!permit.ok) return permit.outcome;

    const popups = await watchPopups(target.chromeTabId);
    const trusted = (await trustedInputOn(ctx.settings)) ? await performTrusted(target, request) : null;
    if (trusted) answer.input = 'trusted';
    const performed = trusted ?? (await readTarget(target, 'performAct', [request]));
    answer.popup = await popups.finish();
    if (!performed.ok) return performed.outcome;
    const result = performed.value;
    // the page acted (a rejected value was typed, then restored): the one-shot is used up
    if (result.ok || result.reason === 'rejected-value') await spendPermit(ctx.aiPrincipal, target.chromeTabId, permit.permit);
    return result.ok ? actDone(answer, result) : refusedAct(answer, result);
  },
});
