import { describe, expect, it } from 'vitest';
import { WindowStore } from '../../../state/store';
import type { WindowModel } from '../../../state/types';
import { createTab } from '../../../state/windowActions';
import type { ActionContext } from '../../defineAction';
import { switchTab } from './switchTab';

/** A window whose activations do not arrive (another activation wins the race), everything else does. */
class ActivationLost extends WindowStore {
  losing = false;
  override update(change: (model: WindowModel) => WindowModel): void {
    super.update((model) => (this.losing ? { ...change(model), activeTabId: model.activeTabId } : change(model)));
  }
}

function twoTabs(store: WindowStore) {
  const first = createTab(store, { workspaceInstanceId: null, filePath: '/w/a.md', kind: 'markdown', content: 'a' }, { activate: true });
  const second = createTab(store, { workspaceInstanceId: null, filePath: '/w/b.md', kind: 'markdown', content: 'b' }, { activate: false });
  return { first, second };
}

const callSwitch = (store: WindowStore, tabId: string) => {
  const tab = store.tab(tabId)!;
  return switchTab.run({ store, tab } as unknown as ActionContext, { tabId });
};

describe('workspace.switch_tab', () => {
  it('WSP-SWITCH-04 answers from the store as it is after the activation: activated true when it landed', async () => {
    const store = new WindowStore();
    const { second } = twoTabs(store);
    expect(await callSwitch(store, second.id)).toMatchObject({ kind: 'ok', data: { activated: true, activeTabId: second.id } });
  });

  it('WSP-SWITCH-04 reports activated: false when the activation did not arrive, instead of echoing the request', async () => {
    const store = new ActivationLost();
    const { first, second } = twoTabs(store);
    store.losing = true;
    expect(await callSwitch(store, second.id)).toMatchObject({ kind: 'ok', data: { activated: false, activeTabId: first.id } });
  });
});
