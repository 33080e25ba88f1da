import { useState } from 'react';
import { Pin, PinOff, X } from 'lucide-react';
import { isDirty } from '../state/types';
import { activateTab, moveTab, removeTab, togglePin, visibleTabs } from '../state/windowActions';
import { useModel, useServices } from './services';

/** The drag data type of a tab: other drags (files, text) are not drops onto the tab bar. */
const TAB_DRAG_TYPE = 'application/x-vmark-tab';

/**
 * A tablist may own only tabs, so the pin and close buttons live in a sibling group; both are subgrids of one
 * grid, and a tab's buttons share its column, so they still look like part of the tab.
 */
export function TabBar() {
  const { store } = useServices();
  const model = useModel();
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  const tabs = visibleTabs(model);
  const column = (index: number) => ({ gridColumn: index + 1, gridRow: 1 });
  const close = (tab: (typeof tabs)[number]) => {
    store.flush();
    const current = store.tab(tab.id);
    if (current && isDirty(current) && !window.confirm(`${tab.title} has unsaved changes. Close it anyway?`)) return;
    removeTab(store, tab.id);
  };
  return (
    <div className="tab-bar" style={{ gridTemplateColumns: `repeat(${tabs.length}, max-content) 1fr` }}>
      <div
        className="tab-strip"
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
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            role="tab"
            style={column(index)}
            className={`tab${tab.id === model.activeTabId ? ' active' : ''}${tab.pinned ? ' pinned' : ''}${dropTarget === tab.id ? ' drop-target' : ''}`}
            data-tab-id={tab.id}
            aria-selected={tab.id === model.activeTabId}
            title="Drag, or Ctrl+Shift+PageUp / PageDown, to move"
            draggable
            onClick={() => activateTab(store, tab.id)}
            onAuxClick={(e) => e.button === 1 && !tab.pinned && close(tab)}
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
            {tab.title}
            {isDirty(tab) && <span className="dirty" role="img" aria-label="unsaved changes" />}
          </button>
        ))}
      </div>
      <div className="tab-actions" role="group" aria-label="Tab actions">
        {tabs.map((tab, index) => (
          <span key={tab.id} className={`tab-buttons${tab.pinned ? ' pinned' : ''}`} style={column(index)}>
            <button className="pin icon-button" aria-pressed={tab.pinned} aria-label={`${tab.pinned ? 'Unpin' : 'Pin'} ${tab.title}`} title={tab.pinned ? 'Unpin' : 'Pin'} onClick={() => togglePin(store, tab.id)}>
              {tab.pinned ? <PinOff size={13} aria-hidden /> : <Pin size={13} aria-hidden />}
            </button>
            <button className="tab-close icon-button" aria-label={`Close ${tab.title}`} title={tab.pinned ? 'Unpin to close' : 'Close (middle-click)'} disabled={tab.pinned} onClick={() => close(tab)}>
              <X size={14} aria-hidden />
            </button>
          </span>
        ))}
      </div>
    </div>
  );
}
