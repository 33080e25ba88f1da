import { getSchema, type Extensions } from '@tiptap/core';
import type { Schema } from '@tiptap/pm/model';
import StarterKit from '@tiptap/starter-kit';
import { TableKit } from '@tiptap/extension-table';
import { FrontMatter } from './frontMatter';
import { HtmlBlock, HtmlInline } from './html';
import { BlockMath, InlineMath } from './math';
import { FootnoteDefinition, FootnoteReference } from './footnotes';
import { LinkDefinition } from './linkDefinition';
import { UnparsedSource } from './unparsedSource';
import {
  MarkdownBulletList,
  MarkdownListItem,
  MarkdownOrderedList,
  MarkdownTaskItem,
  MarkdownTaskList,
} from './lists';
import { MarkdownCodeBlock, MarkdownDocument, MarkdownHardBreak, MarkdownHeading } from './textBlocks';
import { MarkdownBold, MarkdownCode, MarkdownImage, MarkdownItalic, MarkdownLink } from './marks';

/**
 * The Tiptap extensions of the WYSIWYG editor: every node and mark has a markdown counterpart
 * (see ../markdown). Usable headless: `getSchema(editorExtensions())` needs no DOM.
 */
export function editorExtensions(): Extensions {
  return [
    StarterKit.configure({
      document: false,
      heading: false,
      codeBlock: false,
      hardBreak: false,
      bold: false,
      italic: false,
      code: false,
      link: false,
      bulletList: false,
      orderedList: false,
      listItem: false,
      underline: false, // no markdown syntax
      // a placeholder at the end (a progressive open) is no end of the document: the blocks put in its place decide
      trailingNode: { notAfter: ['unparsedSource'] },
    }),
    MarkdownDocument,
    MarkdownHeading,
    MarkdownCodeBlock,
    MarkdownHardBreak,
    MarkdownBold,
    MarkdownItalic,
    MarkdownCode,
    MarkdownLink,
    MarkdownImage,
    MarkdownBulletList,
    MarkdownOrderedList,
    MarkdownListItem,
    MarkdownTaskList,
    MarkdownTaskItem,
    TableKit.configure({ table: { resizable: false } }),
    FrontMatter,
    HtmlBlock,
    HtmlInline,
    BlockMath,
    InlineMath,
    FootnoteReference,
    FootnoteDefinition,
    LinkDefinition,
    UnparsedSource,
  ];
}

let cachedSchema: Schema | undefined;

/** The ProseMirror schema of `editorExtensions()`, built once. */
export function markdownSchema(): Schema {
  cachedSchema ??= getSchema(editorExtensions());
  return cachedSchema;
}
