import { useEffect, useRef } from 'react';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { markdown } from '@codemirror/lang-markdown';
import { yaml } from '@codemirror/lang-yaml';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { highlightSelectionMatches, search, searchKeymap } from '@codemirror/search';
import { Annotation, EditorState } from '@codemirror/state';
import { EditorView, keymap, lineNumbers } from '@codemirror/view';
import { SOURCE_COMPOSITION_GRACE_MS, type WindowStore } from '../state/store';
import { splicedText } from './splicedText';
import type { Tab } from '../state/types';
import { detectLineEnding } from '../lib/lineEndings';
import { blockIndexAt, blockStart, blockStarts } from './blockOffsets';
import { minimalChange } from '../lib/minimalChange';
import { workflowDiagnostics, type WorkflowLinter } from './workflowDiagnostics';
import { browserWorkflowDiagnostics, isBrowserWorkflowTab } from '../workflow/browserWorkflowFile';
import { handOverTimer } from './handOverTimer';
import { commentHighlights } from './commentHighlights';
import type { CommentStore } from '../comments/commentStore';
import { docKeyOf } from '../comments/docKey';
import { releaseMarkdownParserCache } from './releaseMarkdownParserCache';

/** Marks transactions that mirror the model into the editor, so they are not handed back as edits. */
const fromModel = Annotation.define<boolean>();

/** CodeMirror 6 on one tab: markdown source mode, or YAML for workflow files. */
export function SourceEditor({ tab, store, comments, onSelectComment }: { tab: Tab; store: WindowStore; comments?: CommentStore; onSelectComment?: (threadId: string) => void }) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  /** The last text known to equal the editor's document, so mirroring our own change back is a pointer compare. */
  const synced = useRef<string | null>(null);
  const selectComment = useRef(onSelectComment);
  selectComment.current = onSelectComment;

  useEffect(() => {
    if (!host.current) return;
    let pending = false;
    let compositionEndedAt = 0;
    // reads flush at once anyway; typing is handed over after a pause, or at the latest after the max wait
    const handOver = handOverTimer(() => flush());
    const flush = () => {
      handOver.cancel();
      if (!pending || !view.current) return;
      pending = false;
      synced.current = view.current.state.doc.toString();
      store.setContent(tab.id, synced.current);
    };
    // a *.workflow.md file (browser workflows) is checked as you type; the tab's name is read each time, as Save As may change it
    const browserWorkflowLinter: WorkflowLinter = async (text) => {
      const current = store.tab(tab.id);
      return current && isBrowserWorkflowTab(current) ? browserWorkflowDiagnostics(text) : null;
    };
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: tab.content,
        extensions: [
          // keep the document's own line endings: CodeMirror would otherwise join lines with \n
          EditorState.lineSeparator.of(detectLineEnding(tab.content)),
          lineNumbers(),
          history(),
          search({ top: true }),
          highlightSelectionMatches(),
          keymap.of([...defaultKeymap, ...historyKeymap, ...searchKeymap]),
          syntaxHighlighting(defaultHighlightStyle),
          ...(tab.kind === 'yaml-workflow' ? [yaml(), workflowDiagnostics(tab.filePath)] : [markdown(), workflowDiagnostics(tab.filePath, browserWorkflowLinter)]),
          ...(comments ? [commentHighlights(comments, () => docKeyOf(store.tab(tab.id) ?? tab), (id) => selectComment.current?.(id))] : []),
          EditorView.lineWrapping,
          EditorView.contentAttributes.of({ 'aria-label': `${tab.title} source` }),
          EditorView.domEventHandlers({
            compositionend: () => {
              compositionEndedAt = Date.now();
            },
          }),
          EditorView.updateListener.of((update) => {
            if (update.selectionSet && !update.transactions.every((t) => t.annotation(fromModel))) store.bumpSelection(tab.id);
            if (!update.docChanged || update.transactions.every((t) => t.annotation(fromModel))) return;
            pending = true;
            handOver.changed();
          }),
        ],
      }),
    });
    view.current = editor;
    const handedOver = store.cursorHandOver.get(tab.id);
    if (handedOver !== undefined) {
      store.cursorHandOver.delete(tab.id);
      queueMicrotask(() => {
        const at = blockStart(blockStarts(store, tab.id, editor.state.doc.toString()), handedOver);
        editor.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) });
        editor.focus();
      });
    }
    const unregister = store.registerFlusher(tab.id, flush);
    const unregisterEditor = store.registerEditor(tab.id, {
      mode: 'source',
      loadContent(content) {
        const current = editor.state.doc.toString();
        editor.dispatch({ changes: { from: 0, to: current.length, insert: content }, annotations: fromModel.of(true) });
        synced.current = editor.state.doc.toString();
        return synced.current;
      },
      getSelection() {
        const { from, to } = editor.state.selection.main;
        return { text: editor.state.sliceDoc(from, to), from, to };
      },
      replaceSelection(content, known) {
        const { from, to } = editor.state.selection.main;
        // the text before, when known without writing out the editor's document (nothing typed is waiting)
        const before = pending ? null : synced.current;
        // the source surface is markdown bytes already: splice raw text, select nothing after it
        editor.dispatch({
          changes: { from, to, insert: content },
          selection: { anchor: from + content.length },
          annotations: fromModel.of(true),
        });
        // positions are string offsets only where a line break is one character and is the only one CodeMirror splits on
        if (before !== null && editor.state.facet(EditorState.lineSeparator) === '\n') {
          synced.current = splicedText(before, { from, to, insert: content }, known);
          return { content: synced.current, change: { from, to, insert: content } };
        }
        synced.current = editor.state.doc.toString();
        return { content: synced.current, change: null };
      },
      reveal(offset) {
        const at = Math.min(offset, editor.state.doc.length);
        editor.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'start' }) });
        editor.focus();
      },
      cursorBlock() {
        return blockIndexAt(blockStarts(store, tab.id, editor.state.doc.toString()), editor.state.selection.main.head);
      },
      placeCursorInBlock(index) {
        const at = blockStart(blockStarts(store, tab.id, editor.state.doc.toString()), index);
        editor.dispatch({ selection: { anchor: at }, effects: EditorView.scrollIntoView(at, { y: 'center' }) });
        editor.focus();
      },
      isComposing() {
        return editor.composing || Date.now() - compositionEndedAt < SOURCE_COMPOSITION_GRACE_MS;
      },
    });
    return () => {
      flush();
      unregister();
      unregisterEditor();
      editor.destroy();
      releaseMarkdownParserCache();
      view.current = null;
    };
    // the editor is built once per tab; later content changes from MCP arrive through the effect below
  }, [tab.id, tab.kind]);

  useEffect(() => {
    const editor = view.current;
    if (!editor || tab.content === synced.current) return;
    const current = editor.state.doc.toString();
    if (current !== tab.content) {
      // replace only the part that differs, so the person's cursor and scroll position stay put
      editor.dispatch({ changes: minimalChange(current, tab.content), annotations: fromModel.of(true) });
    }
    synced.current = tab.content;
  }, [tab.content]);

  return <div className="source-editor" ref={host} />;
}
