import { useState } from 'react';
import { isDirty } from '../state/types';
import { activateTab, moveTab, removeTab, togglePin, visibleTabs } from '../state/windowActions';
import { useModel, useServices } from './services';

/** The drag data type of a tab: other drags (files, text) are not drops onto the tab bar. */
const TAB_DRAG_TYPE = 'application/x-vmark-tab';

export function TabBar() {
  const { store } = useServices();
  const model = useModel();
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const tabs = visibleTabs(model);
  return (
    <div
      className="tab-bar"
      role="tablist"
      aria-label="Open documents"
      // the free space after the last tab is a drop place too: the tab goes to the end
      onDragOver={(e) => {
        if (e.target === e.currentTarget && e.dataTransfer.types.includes(TAB_DRAG_TYPE)) e.preventDefault();
      }}
      onDrop={(e) => {
        const dragged = e.dataTransfer.getData(TAB_DRAG_TYPE);
        const last = tabs[tabs.length - 1];
        if (e.target !== e.currentTarget || !dragged || !last) return;
        e.preventDefault();
        moveTab(store, dragged, last.id);
      }}
    >
      {tabs.map((tab) => (
        <div
          key={tab.id}
          className={`tab${tab.id === model.activeTabId ? ' active' : ''}${tab.pinned ? ' pinned' : ''}${dropTarget === tab.id ? ' drop-target' : ''}`}
          data-tab-id={tab.id}
          draggable
          onDragStart={(e) => {
            e.dataTransfer.setData(TAB_DRAG_TYPE, tab.id);
            e.dataTransfer.effectAllowed = 'move';
          }}
          onDragOver={(e) => {
            if (!e.dataTransfer.types.includes(TAB_DRAG_TYPE)) return;
            e.preventDefault();
            e.dataTransfer.dropEffect = 'move';
            setDropTarget(tab.id);
          }}
          onDragLeave={() => setDropTarget((t) => (t === tab.id ? null : t))}
          onDrop={(e) => {
            const dragged = e.dataTransfer.getData(TAB_DRAG_TYPE);
            setDropTarget(null);
            if (!dragged) return;
            e.preventDefault();
            moveTab(store, dragged, tab.id);
          }}
          onDragEnd={() => setDropTarget(null)}
        >
          <button className="pin" aria-pressed={tab.pinned} aria-label={`${tab.pinned ? 'Unpin' : 'Pin'} ${tab.title}`} onClick={() => togglePin(store, tab.id)}>
            📌
          </button>
          <button role="tab" aria-selected={tab.id === model.activeTabId} title="Drag, or Ctrl+Shift+PageUp / PageDown, to move" onClick={() => activateTab(store, tab.id)}>
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
