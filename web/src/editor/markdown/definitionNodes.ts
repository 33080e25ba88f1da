import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

const DEFINITION_TYPES = new Set(['footnoteDefinition', 'linkDefinition']);

/** Per block: its definition nodes. Editor documents share unchanged blocks between versions, so a hand-over only looks into the blocks that changed. */
const definitionsInBlock = new WeakMap<ProseMirrorNode, readonly ProseMirrorNode[]>();

function definitionsIn(block: ProseMirrorNode): readonly ProseMirrorNode[] {
  let found = definitionsInBlock.get(block);
  if (found === undefined) {
    const list: ProseMirrorNode[] = [];
    if (DEFINITION_TYPES.has(block.type.name)) list.push(block);
    // definitions are blocks: text and inline content hold none
    if (!block.isTextblock) {
      block.descendants((node) => {
        if (DEFINITION_TYPES.has(node.type.name)) list.push(node);
        return !node.isTextblock;
      });
    }
    found = list;
    definitionsInBlock.set(block, found);
  }
  return found;
}

/** The footnote and link reference definitions under `doc` (not `doc` itself), in document order. */
export function definitionNodes(doc: ProseMirrorNode): ProseMirrorNode[] {
  const all: ProseMirrorNode[] = [];
  doc.forEach((block) => {
    for (const node of definitionsIn(block)) all.push(node);
  });
  return all;
}

/** Whether a top-level block is or holds a footnote or link reference definition. */
export function holdsDefinitions(block: ProseMirrorNode): boolean {
  return definitionsIn(block).length > 0;
}
