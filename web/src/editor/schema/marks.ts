import Bold from '@tiptap/extension-bold';
import Italic from '@tiptap/extension-italic';
import Code from '@tiptap/extension-code';
import Link from '@tiptap/extension-link';
import Image from '@tiptap/extension-image';
import { hiddenAttribute, markupAttribute } from './markupAttribute';

/** `markup`: `*` or `_` (the single delimiter character). */
export const MarkdownBold = Bold.extend({
  addAttributes() {
    return { ...this.parent?.(), markup: markupAttribute() };
  },
});

/** `markup`: `*` or `_`. */
export const MarkdownItalic = Italic.extend({
  addAttributes() {
    return { ...this.parent?.(), markup: markupAttribute() };
  },
});

// Tiptap's code mark excludes every other mark; markdown commonly has **`code`** and [`code`](url).
export const MarkdownCode = Code.extend({ excludes: 'code' });

/**
 * Reference-style links keep `referenceType` (`full`, `collapsed`, `shortcut`) and
 * `referenceLabel`; `markup` is `inline` (`[text](url)`), `autolink` (`<https://…>`) or
 * `literal` (a bare GFM URL); null for a link made in the editor.
 */
const referenceAttributes = () => ({
  referenceType: hiddenAttribute(null),
  referenceLabel: hiddenAttribute(null),
});

// a plain click edits the link text; Ctrl/Cmd-click follows it (views/openLinks.ts)
export const MarkdownLink = Link.configure({ openOnClick: false }).extend({
  addAttributes() {
    return { ...this.parent?.(), ...referenceAttributes(), markup: markupAttribute() };
  },
});

export const MarkdownImage = Image.configure({ inline: true }).extend({
  addAttributes() {
    return { ...this.parent?.(), ...referenceAttributes() };
  },
});
