import { useEffect, useRef, type RefObject } from 'react';
import { EditorView } from '@codemirror/view';
import { Circle, CircleCheck, Plug, Unplug } from 'lucide-react';
import { isDirty, type Tab } from '../state/types';
import { useConnectionState, useServices } from './services';
import { useWordCount } from './useWordCount';
import { whenQuiet } from '../lib/whenQuiet';

/** How long the selection stays still before the status bar shows the cursor's line and column. */
const CURSOR_QUIET_MS = 100;
/** While keys are held down (a burst with no pause), it is still shown this often. */
const CURSOR_MAX_WAIT_MS = 500;

/**
 * Line and column of the cursor: in the source editor, in the WYSIWYG view by its block's source
 * line. Written into the span directly, not through React state: every React commit walks the
 * DOM of the focused editor (React saves and restores the selection around it), so a commit per
 * keystroke would cost what the whole document's DOM costs. Written once the selection has been
 * still for `CURSOR_QUIET_MS` (and every `CURSOR_MAX_WAIT_MS` while keys are held), not per keystroke: the span's new text costs a frame of its own
 * (style, layout, paint), and after any layout Chromium gathers the focused editable's whole text
 * again for the input method (`TextInputInfo`), which in a large WYSIWYG document is the largest
 * part of a keystroke (bench/README.md, editor).
 */
function useCursor(): RefObject<HTMLSpanElement | null> {
  const { store } = useServices();
  const span = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const show = (text: string | null) => {
      if (!span.current) return;
      span.current.textContent = text ?? '';
      span.current.hidden = text === null;
    };
    const update = () => {
      const active = store.getSnapshot().activeTabId;
      if (document.activeElement?.closest('.ProseMirror')) {
        const at = active ? store.editor(active)?.cursorLineColumn?.() : undefined;
        if (at) show(`Ln ${at.line}, Col ${at.column}`);
        return;
      }
      const host = document.activeElement?.closest('.cm-editor');
      const view = host instanceof HTMLElement ? EditorView.findFromDOM(host) : null;
      if (!view) return;
      const head = view.state.selection.main.head;
      const line = view.state.doc.lineAt(head);
      show(`Ln ${line.number}, Col ${head - line.from + 1}`);
    };
    // after the editors have taken the change into their own state, and typing has paused
    const quiet = whenQuiet(update, CURSOR_QUIET_MS, CURSOR_MAX_WAIT_MS);
    document.addEventListener('selectionchange', quiet.schedule);
    return () => {
      document.removeEventListener('selectionchange', quiet.schedule);
      quiet.cancel();
    };
  }, [store]);
  return span;
}

export function StatusBar({ tab }: { tab: Tab | null }) {
  const { connection } = useServices();
  const connectionState = useConnectionState();
  const cursor = useCursor();
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
          {(tab.mode === 'source' || tab.kind === 'markdown') && <span ref={cursor} className="cursor-position" hidden />}
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
