import Document from '@tiptap/extension-document';
import Heading from '@tiptap/extension-heading';
import CodeBlock from '@tiptap/extension-code-block';
import HardBreak from '@tiptap/extension-hard-break';
import { hiddenAttribute, markupAttribute } from './markupAttribute';

/** Front matter can only open the document, as in markdown. */
export const MarkdownDocument = Document.extend({
  content: 'frontMatter? block+',
});

/** `markup`: `setext` or `atx`. */
export const MarkdownHeading = Heading.extend({
  addAttributes() {
    return { ...this.parent?.(), markup: markupAttribute() };
  },
});

/**
 * Fenced or indented code. `language` is the first word of the info string, `meta` the rest;
 * `markup`: the fence character repeated (```` ``` ```` or `~~~`) or `indented`.
 * A `mermaid` language marks a diagram.
 */
export const MarkdownCodeBlock = CodeBlock.extend({
  addAttributes() {
    return { ...this.parent?.(), meta: hiddenAttribute(null), markup: markupAttribute() };
  },
});

/** `markup`: `\\` (backslash) or the trailing spaces used for the break. */
export const MarkdownHardBreak = HardBreak.extend({
  addAttributes() {
    return { ...this.parent?.(), markup: markupAttribute() };
  },
});
