import type { Mark, Node as ProseMirrorNode } from '@tiptap/pm/model';

/**
 * The attributes that markdown can express, per node or mark type. Anything else (Tiptap's
 * `colwidth`, an id added by another extension …) is invisible to the markdown layer.
 */
const MARKDOWN_ATTRIBUTES: Record<string, readonly string[]> = {
  heading: ['level', 'markup'],
  codeBlock: ['language', 'meta', 'markup'],
  hardBreak: ['markup'],
  bulletList: ['spread', 'markup'],
  orderedList: ['start', 'spread', 'markup'],
  taskList: ['spread', 'markup'],
  listItem: ['spread'],
  taskItem: ['checked', 'spread'],
  tableCell: ['align'],
  tableHeader: ['align'],
  frontMatter: ['raw'],
  unparsedSource: ['raw'],
  htmlBlock: ['raw'],
  htmlInline: ['raw'],
  blockMath: ['latex'],
  inlineMath: ['latex'],
  footnoteReference: ['identifier', 'label'],
  footnoteDefinition: ['identifier', 'label'],
  linkDefinition: ['identifier', 'label', 'url', 'title'],
  image: ['src', 'alt', 'title', 'referenceType', 'referenceLabel'],
  link: ['href', 'title', 'referenceType', 'referenceLabel', 'markup'],
  bold: ['markup'],
  italic: ['markup'],
};

/** Attributes that only record how something was written, not what it means. */
const STYLE_ATTRIBUTES = new Set(['markup', 'referenceType', 'referenceLabel']);

export type KeyMode = 'exact' | 'semantic';

const exactKeys = new WeakMap<ProseMirrorNode, string>();

/**
 * A string that is equal for two nodes exactly when markdown sees them as equal. `exact`
 * includes how constructs were written; `semantic` only what they mean. Adjacent text nodes
 * with the same marks count as one, as ProseMirror may or may not have joined them.
 */
export function nodeKey(node: ProseMirrorNode, mode: KeyMode = 'exact'): string {
  if (mode === 'semantic') return JSON.stringify(canonical(node, mode));
  // Editor documents share unchanged nodes between versions, so caching by identity pays.
  let key = exactKeys.get(node);
  if (key === undefined) {
    key = JSON.stringify(canonical(node, mode));
    exactKeys.set(node, key);
  }
  return key;
}

/** The markdown-relevant attributes of a node or mark, in a fixed order. */
export function markdownAttributes(typeName: string, attrs: Record<string, unknown>, mode: KeyMode = 'exact'): unknown[] {
  const names = MARKDOWN_ATTRIBUTES[typeName] ?? [];
  return names.filter((name) => mode === 'exact' || !STYLE_ATTRIBUTES.has(name)).map((name) => attrs[name] ?? null);
}

function canonical(node: ProseMirrorNode, mode: KeyMode): unknown[] {
  const attributes = mode === 'semantic' ? semanticAttributes(node) : markdownAttributes(node.type.name, node.attrs, mode);
  const result: unknown[] = [semanticTypeName(node, mode), attributes];
  if (node.inlineContent) result.push(canonicalInline(node, mode));
  else if (!node.isLeaf) result.push(node.children.map((child) => canonical(child, mode)));
  return result;
}

const LIST_TYPES = new Set(['bulletList', 'orderedList', 'taskList']);

/**
 * What a list means for rendering is whether it is loose: its own flag or any item's (mdast's
 * `spread` on items only says where blank lines were). A one-item list can only be loose
 * through its item.
 */
function semanticAttributes(node: ProseMirrorNode): unknown[] {
  const name = node.type.name;
  if (name === 'listItem') return [];
  if (name === 'taskItem') return [node.attrs.checked ?? null];
  if (!LIST_TYPES.has(name)) return markdownAttributes(name, node.attrs, 'semantic');
  let loose = Boolean(node.attrs.spread);
  node.forEach((item) => {
    if (item.attrs.spread) loose = true;
  });
  return name === 'orderedList' ? [node.attrs.start ?? null, loose] : [loose];
}

/** A bullet list whose items are all tasks reads back as a task list: the same thing. */
function semanticTypeName(node: ProseMirrorNode, mode: KeyMode): string {
  if (mode !== 'semantic' || node.type.name !== 'bulletList') return node.type.name;
  let allTasks = node.childCount > 0;
  node.forEach((item) => {
    if (item.type.name !== 'taskItem') allTasks = false;
  });
  return allTasks ? 'taskList' : node.type.name;
}

function canonicalInline(node: ProseMirrorNode, mode: KeyMode): unknown[] {
  const items: unknown[] = [];
  let text = '';
  let textMarks = '';
  const flush = () => {
    if (text) items.push([text, textMarks]);
    text = '';
  };
  node.forEach((child) => {
    const marks = marksKey(child.marks, mode);
    if (child.isText) {
      if (marks !== textMarks) flush();
      textMarks = marks;
      text += child.text ?? '';
      return;
    }
    flush();
    items.push([canonical(child, mode), marks]);
  });
  flush();
  return items;
}

function marksKey(marks: readonly Mark[], mode: KeyMode): string {
  return JSON.stringify(marks.map((mark) => [mark.type.name, markdownAttributes(mark.type.name, mark.attrs, mode)]));
}
