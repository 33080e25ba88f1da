import { DomainErrorException, notWorkflow } from '@vmark/shared';
import type { Tab } from '../state/types';
import type { ActionContext } from './defineAction';
import { resolveTab } from './guards';

/** The tab a `workflow.*` call names (or the focused one); anything but a workflow tab is NOT_WORKFLOW. */
export function resolveWorkflowTab(ctx: ActionContext, tabId: string | undefined): Tab {
  const tab = resolveTab(ctx, tabId);
  if (tab.kind !== 'yaml-workflow') {
    throw new DomainErrorException(
      notWorkflow(`Tab "${tab.title}" (${tab.id}) is a ${tab.kind} document, not a GitHub Actions workflow; use document.read and document.write on it.`),
    );
  }
  return tab;
}

/** The name actionlint reports findings under: the file's path, or a stand-in for an untitled tab. */
export function lintPathOf(tab: Tab): string {
  return tab.filePath ?? `${tab.title || 'untitled'}.yml`;
}
