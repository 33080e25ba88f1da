import type { Attribute } from '@tiptap/core';

/**
 * Remembers how a construct was written in the markdown source (`_` or `*`, setext or ATX, …)
 * so that an edited block is written back in the author's style. Never rendered to the DOM.
 */
export function markupAttribute(): Attribute {
  return { default: null, rendered: false, keepOnSplit: true };
}

/** A markdown-only attribute (reference label, spread flag, …) that the DOM never shows. */
export function hiddenAttribute(defaultValue: unknown = null): Attribute {
  return { default: defaultValue, rendered: false };
}
