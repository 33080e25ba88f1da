import { Editor } from '@tiptap/core';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import StarterKit from '@tiptap/starter-kit';
import { Markdown } from 'tiptap-markdown';

/** Tiptap (the version the editor pins) with tiptap-markdown (markdown-it), tables and task lists. */
export function openTiptapMarkdown(root: HTMLElement, markdown: string): () => void {
  const editor = new Editor({
    element: root,
    extensions: [StarterKit, Table, TableRow, TableHeader, TableCell, TaskList, TaskItem.configure({ nested: true }), Markdown],
    content: markdown,
  });
  return () => editor.destroy();
}
