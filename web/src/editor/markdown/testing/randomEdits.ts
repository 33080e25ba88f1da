import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Transform } from '@tiptap/pm/transform';
import { markdownSchema } from '../../schema';

/** A small deterministic generator, so that a failure can be replayed. */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

interface Located {
  node: ProseMirrorNode;
  pos: number;
  index: number;
  parent: ProseMirrorNode;
}

function locate(doc: ProseMirrorNode): { textblocks: Located[]; removable: Located[] } {
  const textblocks: Located[] = [];
  const removable: Located[] = [];
  doc.descendants((node, pos, parent, index) => {
    if (!parent) return true;
    if (node.isTextblock && node.type.name !== 'codeBlock') textblocks.push({ node, pos, index, parent });
    // Edits markdown cannot express are left out: an item or quote losing its first block, a
    // list shrinking to one item (it can no longer be loose), table rows and footnotes.
    const isTopLevel = parent === doc;
    const nested = ['listItem', 'taskItem', 'blockquote'].includes(parent.type.name) && index > 0;
    const listItem = parent.type.name.endsWith('List') && parent.childCount > 2;
    if (node.type.name !== 'footnoteDefinition' && (isTopLevel || nested || listItem) && parent.childCount > 1) {
      removable.push({ node, pos, index, parent });
    }
    return true;
  });
  return { textblocks, removable };
}

export function randomEdit(doc: ProseMirrorNode, random: () => number): { doc: ProseMirrorNode; label: string } {
  const schema = markdownSchema();
  const { textblocks, removable } = locate(doc);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const transform = new Transform(doc);
  const choice = random();
  if (choice < 0.4 && textblocks.length > 0) {
    const target = pick(textblocks);
    transform.insert(target.pos + target.node.nodeSize - 1, schema.text(target.node.childCount > 0 ? ' typed' : 'typed'));
    return { doc: transform.doc, label: `type in ${target.node.type.name}` };
  }
  if (choice < 0.7 && removable.length > 0) {
    const target = pick(removable);
    transform.delete(target.pos, target.pos + target.node.nodeSize);
    return { doc: transform.doc, label: `delete ${target.node.type.name} from ${target.parent.type.name}` };
  }
  let pos = 0;
  const index = Math.floor(random() * doc.childCount);
  for (let at = 0; at < index; at++) pos += doc.child(at).nodeSize;
  if (doc.child(index).type.name === 'frontMatter') pos += doc.child(index).nodeSize;
  transform.insert(pos, schema.nodes.paragraph!.create(null, schema.text('A new paragraph.')));
  return { doc: transform.doc, label: `insert a paragraph before block ${index}` };
}
