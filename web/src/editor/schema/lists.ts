import { BulletList, ListItem, OrderedList, TaskItem, TaskList } from '@tiptap/extension-list';
import { hiddenAttribute, markupAttribute } from './markupAttribute';

// GFM allows task items in any list (`1. [ ] x`, or mixed with plain items), so both item types
// are allowed in bullet and ordered lists. A bullet list made only of task items parses as taskList.
const ANY_ITEM = '(listItem | taskItem)+';

/** `spread` is mdast's loose/tight flag: it decides whether items render with `<p>`. */
const spreadAttribute = () => ({ spread: hiddenAttribute(false) });

/** Bullet list; `markup` is the bullet character (`-`, `*`, `+`). */
export const MarkdownBulletList = BulletList.extend({
  content: ANY_ITEM,
  addAttributes() {
    return { ...this.parent?.(), ...spreadAttribute(), markup: markupAttribute() };
  },
});

/** Ordered list; `markup` is the delimiter after the number (`.` or `)`). */
export const MarkdownOrderedList = OrderedList.extend({
  content: ANY_ITEM,
  addAttributes() {
    return { ...this.parent?.(), ...spreadAttribute(), markup: markupAttribute() };
  },
});

/** Bullet list whose items are all task items; `markup` is the bullet character. */
export const MarkdownTaskList = TaskList.extend({
  addAttributes() {
    return { ...this.parent?.(), ...spreadAttribute(), markup: markupAttribute() };
  },
});

// Markdown list items may be empty or start with any block (`- ## x`, `- - x`, `- ```…`).
export const MarkdownListItem = ListItem.extend({
  content: 'block+',
  addAttributes() {
    return { ...this.parent?.(), ...spreadAttribute() };
  },
});

// A GFM task item always starts with a paragraph: the checkbox is part of its first line.
export const MarkdownTaskItem = TaskItem.configure({ nested: true }).extend({
  content: 'paragraph block*',
  addAttributes() {
    return { ...this.parent?.(), ...spreadAttribute() };
  },
});
