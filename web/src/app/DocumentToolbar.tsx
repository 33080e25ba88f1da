import { memo } from 'react';
import { Code, HistoryIcon, ListTree, MessageSquare, Waypoints } from 'lucide-react';
import type { DocumentKind } from '@vmark/shared';
import { toggleMode } from '../state/windowActions';
import type { CommentDraft } from './commentDraft';
import { CommentButton } from './CommentsPanel';
import { useServices } from './services';

export type SidePanel = 'history' | 'outline' | 'comments' | 'coherence' | null;

const PANELS = [
  { id: 'history', label: 'History', icon: HistoryIcon },
  { id: 'outline', label: 'Outline', icon: ListTree },
  { id: 'comments', label: 'Comments', icon: MessageSquare },
  { id: 'coherence', label: 'Coherence', icon: Waypoints },
] as const;

interface DocumentToolbarProps {
  tabId: string;
  /** The document's path as shown, and its tooltip. */
  place: string;
  placeTitle: string;
  kind: DocumentKind;
  sourceMode: boolean;
  panel: SidePanel;
  onPanel: (panel: SidePanel) => void;
  onDraft: (draft: CommentDraft) => void;
}

/**
 * The active document's path, mode toggle and panel buttons. Memoised on what it shows: the App
 * renders on every change of the model, and a change of the text (each edit, each AI write) changes
 * nothing here.
 */
export const DocumentToolbar = memo(function DocumentToolbar({ tabId, place, placeTitle, kind, sourceMode, panel, onPanel, onDraft }: DocumentToolbarProps) {
  const { store } = useServices();
  return (
    <div className="toolbar" role="toolbar" aria-label="Document">
      <span className="doc-path" title={placeTitle}>
        {place}
      </span>
      {kind === 'markdown' && (
        <button className="mode-toggle" aria-label="Source mode" aria-pressed={sourceMode} title="Source mode (Ctrl+/)" onClick={() => toggleMode(store, tabId)}>
          <Code size={15} aria-hidden />
          <span>Source</span>
        </button>
      )}
      <span className="toolbar-separator" />
      {PANELS.map(({ id, label, icon: Icon }) => (
        <button key={id} className="icon-button" aria-label={label} aria-pressed={panel === id} title={label} onClick={() => onPanel(panel === id ? null : id)}>
          <Icon size={16} aria-hidden />
        </button>
      ))}
      <CommentButton tabId={tabId} onDraft={onDraft} />
    </div>
  );
});
