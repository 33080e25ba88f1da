import { DomainErrorException, invalidTab, noEditor } from '@vmark/shared';
import type { EditorAdapter } from '../state/store';
import type { Tab } from '../state/types';
import type { ActionContext } from './defineAction';

/** Selection is view state: only the focused tab has one. A tabId must name exactly that tab. */
export function focusedEditor(ctx: ActionContext, tabId: string | undefined): { tab: Tab; editor: EditorAdapter } {
  const focusedId = ctx.store.getSnapshot().activeTabId;
  if (tabId !== undefined && tabId !== focusedId) {
    throw new DomainErrorException(
      invalidTab(tabId, `selection works only on the focused tab (${focusedId ?? 'none'}); call it without tabId or switch_tab first.`),
    );
  }
  const tab = focusedId ? ctx.store.tab(focusedId) : undefined;
  if (!tab) throw new DomainErrorException(invalidTab(undefined, 'No tab is focused in this window.'));
  const editor = ctx.store.editor(tab.id);
  if (!editor) throw new DomainErrorException(noEditor(`The focused tab ${tab.id} has no active editor.`));
  return { tab, editor };
}
