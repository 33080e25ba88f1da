import { useEffect, useMemo, useRef, useState } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import type { Editor } from '@tiptap/core';
import { markdownSchema } from './schema';
import { workspaceImageLoader } from './views/workspaceImages';
import { workspaceDocumentOpener } from './views/workspaceLinks';
import { wysiwygExtensions } from './views/wysiwygExtensions';
import { parseMarkdown, serializeMarkdown, serializeMarkdownWithReport, type ParsedDoc } from './markdown';
import { linesOfOffsets, wysiwygLineColumn } from './cursorPosition';
import type { WindowStore } from '../state/store';
import type { Tab } from '../state/types';
import type { CommentStore } from '../comments/commentStore';
import { docKeyOf } from '../comments/docKey';
import { CommentHighlights } from './wysiwygCommentHighlights';
import { handOverTimer } from './handOverTimer';
import { keepParse, keptParse, parseTab } from './parsedDocs';
import { completingFirst, isProgressiveStep, opensProgressively, ProgressiveOpen } from './progressive';
import { reparseChange, type Reparsed } from './markdown/reparse';
import { releaseHistoryCache } from './releaseHistoryCache';
import { revealBlockAt } from './revealBlock';

/** Markdown markers: content with any of these is parsed as markdown by selection.set, not inserted literally. */
const MARKUP = /[*_`~#>[\]!|$<\\]|^\s*([-+*]|\d+[.)])\s|\n/;

/** The selection as markdown: the selected slice serialised on its own. */
function selectionMarkdown(editor: Editor): string {
  const { from, to } = editor.state.selection;
  if (from === to) return '';
  const slice = editor.state.doc.slice(from, to);
  if (slice.content.childCount > 0 && slice.content.firstChild?.isInline) return editor.state.doc.textBetween(from, to, '\n');
  const doc = markdownSchema().topNodeType.create(null, slice.content);
  return serializeMarkdown(doc).replace(/\r?\n$/, '');
}

/** Replaces the top-level blocks a re-parse replaced, as one undoable step (the editor's schema is its own instance: nodes cross as JSON). */
function replaceBlocks(editor: Editor, { first, removed, added }: Reparsed): void {
  const doc = editor.state.doc;
  let from = 0;
  for (let i = 0; i < first; i++) from += doc.child(i).nodeSize;
  let to = from;
  for (let i = first; i < first + removed; i++) to += doc.child(i).nodeSize;
  const nodes = added.map((block) => editor.schema.nodeFromJSON(block.node.toJSON()));
  editor.view.dispatch(editor.state.tr.replaceWith(from, to, nodes));
}

/**
 * Tiptap on one markdown tab. The model keeps the markdown text; the editor hands its
 * serialisation back after typing pauses (or at once when MCP flushes), and untouched blocks
 * keep their original bytes (source-preserving write-back).
 */
/** A rough prior of what serialising the document costs (a 10k-line, ~450 KB document: about 1 s here), until one hand-over was measured. */
const SERIALISE_MS_PER_CHAR = 0.002;

export function WysiwygEditor({ tab, store, comments, onSelectComment }: { tab: Tab; store: WindowStore; comments?: CommentStore; onSelectComment?: (threadId: string) => void }) {
  // parse once per mounted editor (a plain useRef(parseMarkdown(…)) would re-parse on every render),
  // or not at all when the tab is shown again with the text it had
  // a large document opens progressively (first screen now, the rest in the background), from its kept parse if there is one
  const [progressive] = useState(() => {
    if (!opensProgressively(tab.content)) return undefined;
    const kept = keptParse(store, tab.id, tab.content);
    return kept ? ProgressiveOpen.ofParse(kept, (done) => parsedWhole(done)) : new ProgressiveOpen(tab.content, (done) => parsedWhole(done));
  });
  const [initial] = useState(() => (progressive ? undefined : parseTab(store, tab.id, tab.content)));
  const progress = useRef(progressive);
  const parsed = useRef<ParsedDoc | undefined>(initial);
  const lastHandedOver = useRef(tab.content);
  /** Where the top-level blocks of the last handed-over text start (offsets; lines once asked for). */
  const blocks = useRef<{ starts: readonly number[]; lines?: readonly number[] }>({ starts: initial?.root.children?.map((block) => block.start) ?? [] });
  const pending = useRef(false);
  const latestFlush = useRef<() => void>(() => undefined);
  const [handOver] = useState(() => handOverTimer(() => latestFlush.current(), () => lastHandedOver.current.length * SERIALISE_MS_PER_CHAR));
  const loading = useRef(false);
  const selectComment = useRef(onSelectComment);
  selectComment.current = onSelectComment;

  // options that stay the same objects from render to render: useEditor compares them after every render and,
  // when one differs, sets them on the editor, which updates the view twice (~2 ms on 10 KB, on every model change)
  const [extensions] = useState(() => [
    ...wysiwygExtensions(workspaceImageLoader(store, tab.id), workspaceDocumentOpener(store, tab.id)),
    CommentHighlights.configure({ comments: comments ?? null, docKey: () => docKeyOf(store.tab(tab.id) ?? tab), onSelect: (id) => selectComment.current?.(id) }),
  ]);
  const [content] = useState(() => (progressive ? progressive.initialDoc() : initial!.doc));
  const editorProps = useMemo(() => ({ attributes: { 'aria-label': `${tab.title} document`, class: 'wysiwyg' } }), [tab.title]);
  const editor = useEditor({
    extensions,
    content,
    editorProps,
    onUpdate: ({ transaction }) => {
      // a transaction that changes no text (the comment highlights' refresh) is not an edit either
      if (loading.current || !transaction.docChanged || isProgressiveStep(transaction)) return;
      pending.current = true;
      handOver.changed();
    },
    onSelectionUpdate: () => store.bumpSelection(tab.id),
  });

  // the first hand-over writes the whole document over its parse (later ones only what changed):
  // done once the page is idle after the open, not on the first keystrokes
  const warmHandOver = useRef<() => void>(() => undefined);
  const stopWarming = useRef<() => void>(() => undefined);
  warmHandOver.current = () => {
    if (!editor || typeof requestIdleCallback !== 'function') return;
    const idle = requestIdleCallback(() => {
      if (!editor.isDestroyed && !progress.current && parsed.current) serializeMarkdownWithReport(editor.state.doc, parsed.current);
    });
    stopWarming.current = () => cancelIdleCallback(idle);
  };

  function parsedWhole(done: ParsedDoc): void {
    progress.current = undefined;
    if (done.source !== lastHandedOver.current) return;
    parsed.current = done;
    blocks.current = { starts: done.root.children?.map((block) => block.start) ?? [] };
    keepParse(store, tab.id, done);
    warmHandOver.current();
  }


  /** The parse of the shown text, finishing a progressive open first. */
  function completeParse(): ParsedDoc {
    progress.current?.complete();
    progress.current = undefined;
    return parsed.current!;
  }

  latestFlush.current = flush;
  function flush(): void {
    handOver.cancel();
    if (!pending.current || !editor) return;
    const base = completeParse();
    pending.current = false;
    const { markdown, blockStarts } = serializeMarkdownWithReport(editor.state.doc, base);
    lastHandedOver.current = markdown;
    blocks.current = { starts: blockStarts };
    store.setContent(tab.id, markdown);
  }

  function load(content: string): string {
    if (!editor) return content;
    const wasProgressive = progress.current !== undefined;
    progress.current?.stop();
    progress.current = undefined;
    // the editor still shows the last parse (nothing typed since): only the blocks the change touches are parsed and replaced
    const shown = parsed.current;
    const inStep = !wasProgressive && shown !== undefined && !pending.current && lastHandedOver.current === shown.source && editor.state.doc.childCount === shown.root.children?.length;
    const reparsed = inStep ? reparseChange(shown, content) : null;
    parsed.current = reparsed?.parsed ?? parseMarkdown(content);
    keepParse(store, tab.id, parsed.current);
    loading.current = true;
    try {
      if (reparsed) replaceBlocks(editor, reparsed);
      else editor.commands.setContent(parsed.current.doc, { emitUpdate: false });
    } finally {
      loading.current = false;
    }
    pending.current = false;
    const { markdown, blockStarts } = serializeMarkdownWithReport(editor.state.doc, parsed.current);
    lastHandedOver.current = markdown;
    blocks.current = { starts: blockStarts };
    return markdown;
  }

  useEffect(() => {
    if (!editor) return;
    const unregisterFlush = store.registerFlusher(tab.id, flush);
    progress.current?.start(editor);
    if (!progress.current) warmHandOver.current();
    const unregisterEditor = store.registerEditor(tab.id, completingFirst(completeParse, {
      mode: 'wysiwyg',
      loadContent: load,
      getSelection: () => ({ text: selectionMarkdown(editor), from: editor.state.selection.from, to: editor.state.selection.to }),
      replaceSelection(content) {
        const { from, to } = editor.state.selection;
        if (content === '') editor.chain().deleteRange({ from, to }).run();
        else if (!MARKUP.test(content)) editor.chain().insertContentAt({ from, to }, { type: 'text', text: content }).run();
        else {
          const blocks = parseMarkdown(content).doc.content ?? [];
          // one paragraph of marked-up text goes in inline, at the selection, like typed text
          const only = blocks.length === 1 ? blocks[0] : undefined;
          editor.chain().insertContentAt({ from, to }, only?.type === 'paragraph' ? (only.content ?? []) : blocks).run();
        }
        pending.current = true;
        flush();
        return { content: lastHandedOver.current, change: null };
      },
      isComposing: () => editor.view.composing,
      cursorLineColumn() {
        const starts = progress.current?.topLevelStarts();
        if (starts) return wysiwygLineColumn(editor.state.doc, editor.state.selection.head, linesOfOffsets(lastHandedOver.current, starts));
        blocks.current.lines ??= linesOfOffsets(lastHandedOver.current, blocks.current.starts);
        return wysiwygLineColumn(editor.state.doc, editor.state.selection.head, blocks.current.lines);
      },
      reveal(offset) {
        if (pending.current) flush();
        progress.current?.showAt(offset);
        revealBlockAt(editor.view, progress.current?.topLevelStarts() ?? blocks.current.starts, offset);
      },
      cursorBlock: () => editor.state.doc.resolve(editor.state.selection.from).index(0),
      placeCursorInBlock(index) {
        let pos = 0;
        editor.state.doc.forEach((node, offset, i) => {
          if (i === index) pos = offset + 1;
        });
        editor.chain().focus().setTextSelection(Math.min(pos, editor.state.doc.content.size)).scrollIntoView().run();
      },
    }));
    const handedOver = store.cursorHandOver.get(tab.id);
    if (handedOver !== undefined) {
      store.cursorHandOver.delete(tab.id);
      queueMicrotask(() => store.editor(tab.id)?.placeCursorInBlock(handedOver));
    }
    return () => {
      stopWarming.current();
      flush();
      progress.current?.stop();
      unregisterFlush();
      unregisterEditor();
      releaseHistoryCache();
    };
    // registered once per editor instance; the handlers read refs, not render-time values
  }, [editor, tab.id]);

  // content that arrives from elsewhere (disk, another window, a restore) is loaded into the editor
  useEffect(() => {
    if (editor && tab.content !== lastHandedOver.current) load(tab.content);
    // only a content change from outside matters here, not every render
  }, [tab.content, editor]);

  return <EditorContent editor={editor} className="wysiwyg-host" />;
}
