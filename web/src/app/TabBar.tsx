import { isDirty } from '../state/types';
import { activateTab, removeTab, togglePin } from '../state/windowActions';
import { useModel, useServices } from './services';

export function TabBar() {
  const { store } = useServices();
  const model = useModel();
  const shown = model.workspaceBar ? model.activeWorkspaceInstanceId : null;
  const tabs = model.tabs.filter((t) => shown === null || t.workspaceInstanceId === null || t.workspaceInstanceId === shown);
  return (
    <div className="tab-bar" role="tablist" aria-label="Open documents">
      {tabs.map((tab) => (
        <div key={tab.id} className={`tab${tab.id === model.activeTabId ? ' active' : ''}${tab.pinned ? ' pinned' : ''}`} data-tab-id={tab.id}>
          <button className="pin" aria-pressed={tab.pinned} aria-label={`${tab.pinned ? 'Unpin' : 'Pin'} ${tab.title}`} onClick={() => togglePin(store, tab.id)}>
            📌
          </button>
          <button role="tab" aria-selected={tab.id === model.activeTabId} onClick={() => activateTab(store, tab.id)}>
            {tab.title}
            {isDirty(tab) && <span className="dirty" aria-label="unsaved changes"> ●</span>}
          </button>
          <button
            className="tab-close"
            aria-label={`Close ${tab.title}`}
            disabled={tab.pinned}
            onClick={() => {
              store.flush();
              const current = store.tab(tab.id);
              if (current && isDirty(current) && !window.confirm(`${tab.title} has unsaved changes. Close it anyway?`)) return;
              removeTab(store, tab.id);
            }}
          >
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
