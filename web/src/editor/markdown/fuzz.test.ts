import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { Transform } from '@tiptap/pm/transform';
import { test } from 'vitest';
import { markdownSchema } from '../schema';
import { serializeMarkdownWithReport } from './serialize';
import { fixtureNames, parsedFixture, parsesTo } from './testing/markdownFixtures';
import { nodeKey } from './nodeKey';
import { parseMarkdown } from './parse';

function random(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff);
}

test('fuzz', () => {
  const schema = markdownSchema();
  const rnd = random(Number(process.env.SEED ?? 1));
  let failures = 0;
  const names = fixtureNames.filter((n) => parsedFixture(n).source.length < 40000);
  for (let round = 0; round < Number(process.env.ROUNDS ?? 200); round++) {
    const name = names[Math.floor(rnd() * names.length)]!;
    const parsed = parsedFixture(name);
    let doc = parsed.root.node;
    const ops: string[] = [];
    for (let k = 0; k < 1 + Math.floor(rnd() * 3); k++) {
      const textblocks: Array<{ node: ProseMirrorNode; pos: number }> = [];
      const blocks: Array<{ node: ProseMirrorNode; pos: number; parent: ProseMirrorNode }> = [];
      doc.descendants((node, pos, parent) => {
        if (node.isTextblock && node.type.name !== 'codeBlock') textblocks.push({ node, pos });
        if (node.isBlock && parent && parent.childCount > 1 && node.type.name !== 'tableRow' && node.type.name !== 'footnoteDefinition' && !['tableCell', 'tableHeader'].includes(node.type.name)) blocks.push({ node, pos, parent });
        return true;
      });
      const tr = new Transform(doc);
      const op = rnd();
      try {
        if (op < 0.4 && textblocks.length) {
          const t = textblocks[Math.floor(rnd() * textblocks.length)]!;
          tr.insert(t.pos + t.node.nodeSize - 1, schema.text(t.node.childCount ? ' x' : 'x'));
          ops.push('append ' + t.node.type.name);
        } else if (op < 0.7 && blocks.length) {
          const b = blocks[Math.floor(rnd() * blocks.length)]!;
          tr.delete(b.pos, b.pos + b.node.nodeSize);
          ops.push('delete ' + b.node.type.name + ' in ' + b.parent.type.name);
        } else {
          const index = Math.floor(rnd() * doc.childCount);
          let pos = 0;
          for (let i = 0; i < index; i++) pos += doc.child(i).nodeSize;
          if (doc.child(index)?.type.name === 'frontMatter') pos += doc.child(index).nodeSize;
          tr.insert(pos, schema.nodes.paragraph!.create(null, schema.text('Inserted para')));
          ops.push('insert paragraph at ' + index);
        }
        doc = tr.doc;
        doc.check();
      } catch {
        ops.push('(skipped)');
      }
    }
    const result = serializeMarkdownWithReport(doc, parsed);
    const ok = parsesTo(result.markdown, doc);
    if (!ok || result.unverifiedBlocks) {
      failures++;
      console.log('FAIL', name, ops.join('; '), 'unverified', result.unverifiedBlocks, 'meaning', ok);
      if (process.env.SHOW) {
        const back = parseMarkdown(result.markdown).root.node;
        const a: ProseMirrorNode[] = []; const b: ProseMirrorNode[] = [];
        doc.forEach((n) => { if (!(n.type.name === 'paragraph' && n.childCount === 0)) a.push(n); });
        back.forEach((n) => b.push(n));
        for (let i = 0; i < a.length; i++) if (nodeKey(a[i]!, 'semantic') !== nodeKey(b[i]!, 'semantic')) {
          console.log('EXPECTED', nodeKey(a[i]!, 'semantic').slice(0, 600), '\nACTUAL  ', b[i] ? nodeKey(b[i]!, 'semantic').slice(0, 600) : '-');
          const out = result.markdown; const src = parsed.source;
          let x = 0; while (x < out.length && out[x] === src[x]) x++;
          console.log('OUT AROUND>>' + JSON.stringify(out.slice(Math.max(0, x - 300), x + 500)));
          console.log('SRC AROUND>>' + JSON.stringify(src.slice(Math.max(0, x - 300), x + 500)));
          break;
        }
      }
    }
  }
  console.log('failures', failures);
});
