import { useEffect, useRef, useState } from 'react';
import { EditorView } from '@codemirror/view';
import type { Editor } from '@tiptap/core';
import { wysiwygLineColumn } from '../editor/cursorPosition';
import { Circle, CircleCheck, Plug, Unplug } from 'lucide-react';
import { isDirty, type Tab } from '../state/types';
import { useConnectionState, useServices } from './services';
import { useWordCount } from './useWordCount';

/** Line and column of the cursor: in the source editor, in the WYSIWYG view by its block's source line. */
function useCursor(markdown: string): string | null {
  const [at, setAt] = useState<string | null>(null);
  const source = useRef(markdown);
  source.current = markdown;
  useEffect(() => {
    const update = () => {
      const wysiwyg = document.activeElement?.closest('.ProseMirror') as (Element & { editor?: Editor }) | null | undefined;
      if (wysiwyg?.editor) {
        const { state } = wysiwyg.editor;
        const { line, column } = wysiwygLineColumn(state.doc, state.selection.head, source.current);
        setAt(`Ln ${line}, Col ${column}`);
        return;
      }
      const host = document.activeElement?.closest('.cm-editor');
      const view = host instanceof HTMLElement ? EditorView.findFromDOM(host) : null;
      if (!view) return;
      const head = view.state.selection.main.head;
      const line = view.state.doc.lineAt(head);
      setAt(`Ln ${line.number}, Col ${head - line.from + 1}`);
    };
    // after the editors have taken the change into their own state
    const later = () => setTimeout(update, 0);
    document.addEventListener('selectionchange', later);
    return () => document.removeEventListener('selectionchange', later);
  }, []);
  return at;
}

export function StatusBar({ tab }: { tab: Tab | null }) {
  const { connection } = useServices();
  const connectionState = useConnectionState();
  const cursor = useCursor(tab?.content ?? '');
  const words = useWordCount(tab?.id ?? null, tab?.content ?? '');
  const dirty = tab ? isDirty(tab) : false;
  return (
    <footer className="status-bar" role="status">
      {tab ? (
        <>
          <span className={`save-state${dirty ? ' unsaved' : ''}`}>
            {dirty ? <Circle size={10} aria-hidden /> : <CircleCheck size={12} aria-hidden />}
            {tab.readOnly ? 'read-only' : dirty ? 'unsaved' : 'saved'}
          </span>
          <span>{words ?? '…'} words</span>
          {(tab.mode === 'source' || tab.kind === 'markdown') && cursor && <span className="cursor-position">{cursor}</span>}
          <span>{tab.kind === 'markdown' ? (tab.mode === 'source' ? 'Markdown source' : 'WYSIWYG') : tab.kind}</span>
        </>
      ) : (
        <span>No document</span>
      )}
      <span className={`mcp-state ${connectionState}`}>
        {connectionState === 'connected' ? <Plug size={12} aria-hidden /> : <Unplug size={12} aria-hidden />}
        {connectionState === 'connected' ? `MCP: connected (${connection.label})` : connectionState === 'connecting' ? 'MCP: connecting…' : 'MCP: extension not installed'}
      </span>
    </footer>
  );
}
