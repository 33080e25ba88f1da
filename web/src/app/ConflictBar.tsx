import { useState } from 'react';
import type { Tab } from '../state/types';
import { resolveConflict } from '../state/windowActions';
import { useServices } from './services';

/** Shown on a tab with unsaved changes whose file changed on disk: the person decides, nothing is lost. */
export function ConflictBar({ tab }: { tab: Tab }) {
  const { store } = useServices();
  const [comparing, setComparing] = useState(false);
  if (tab.conflict === null) return null;
  return (
    <div role="region" aria-label="File changed on disk" className="conflict-bar">
      <span>{tab.title} changed on disk while you have unsaved changes.</span>
      <button onClick={() => resolveConflict(store, tab.id, 'keep-mine')}>Keep mine</button>
      <button onClick={() => resolveConflict(store, tab.id, 'take-disk')}>Take disk version</button>
      <button aria-expanded={comparing} onClick={() => setComparing(!comparing)}>
        Compare
      </button>
      {comparing && (
        <div className="compare">
          <section aria-label="Your version">
            <h3>Yours</h3>
            <pre>{tab.content}</pre>
          </section>
          <section aria-label="Disk version">
            <h3>On disk</h3>
            <pre>{tab.conflict}</pre>
          </section>
        </div>
      )}
    </div>
  );
}
