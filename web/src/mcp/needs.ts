import { DomainErrorException, domainFailure, type CallOutcome } from '@vmark/shared';
import type { EditorAdapter } from '../state/store';
import type { Tab } from '../state/types';
import type { ActionContext, EditorNeeds, WindowServices } from './defineAction';
import { focusedEditor } from './focusedEditor';
import { resolveTab, scopePath, type ScopedPath } from './guards';
import { resolveWorkflowTab } from './workflowTab';

interface Met {
  tab?: Tab;
  editor?: EditorAdapter;
  target?: ScopedPath;
}

function meet(ctx: ActionContext, needs: EditorNeeds, args: Record<string, unknown>): Met {
  const tabId = args.tabId as string | undefined;
  const met: Met = {};
  if (needs.tab === 'any') met.tab = resolveTab(ctx, tabId);
  if (needs.tab === 'workflow') met.tab = resolveWorkflowTab(ctx, tabId);
  if (needs.tab === 'focused-editor') Object.assign(met, focusedEditor(ctx, tabId));
  if (needs.path) met.target = scopePath(ctx, args[needs.path] as string);
  return met;
}

function missing(what: string): never {
  throw new Error(`the handler reads ctx.${what} without declaring it in needs`);
}

/** The handler's context with its needs met, or the refusal that says which one could not be. */
export function contextFor(
  services: WindowServices,
  principal: ActionContext['principal'],
  needs: EditorNeeds,
  args: Record<string, unknown>,
): ActionContext | CallOutcome {
  let met: Met = {};
  const ctx: ActionContext = {
    ...services,
    principal,
    get tab() {
      return met.tab ?? missing('tab');
    },
    get editor() {
      return met.editor ?? missing('editor');
    },
    get target() {
      return met.target ?? missing('target');
    },
  };
  try {
    met = meet(ctx, needs, args);
  } catch (error) {
    if (error instanceof DomainErrorException) return domainFailure(error.domainError);
    throw error;
  }
  return ctx;
}
