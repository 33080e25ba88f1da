import fc from 'fast-check';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { EditorState, type Transaction } from '@tiptap/pm/state';
import type { Decoration, DecorationSet } from '@tiptap/pm/view';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../markdown';
import { markdownSchema } from '../schema';
import { alertDrawer } from './alerts';
import { drawDocument, redrawChanged, type BlockDrawer } from './documentDecorations';
import { headingDrawer } from './headingAnchors';
import { footnoteDrawer } from './footnotes';
import { pairedTagDrawer } from './inlineHtml';
import { softBreakDrawer } from './softBreaks';

const DRAWERS = { alerts: alertDrawer, footnotes: footnoteDrawer, headings: headingDrawer, pairedTags: pairedTagDrawer, softBreaks: softBreakDrawer } as Record<string, BlockDrawer<unknown>>;

const docOf = (markdown: string) => markdownSchema().nodeFromJSON(parseMarkdown(markdown).doc);

/** A decoration set as plain data: kind, range, attributes and widget key, in document order. */
function described(set: DecorationSet): string[] {
  return set
    .find()
    .map((decoration: Decoration) => {
      const { attrs } = (decoration as unknown as { type: { attrs?: unknown } }).type;
      return JSON.stringify([decoration.from, decoration.to, attrs ?? null, decoration.spec]);
    })
    .sort();
}

function counted<C>(drawer: BlockDrawer<C>): { drawer: BlockDrawer<C>; calls: () => number } {
  let calls = 0;
  return {
    drawer: { ...drawer, draw: (block, pos, context) => (calls++, drawer.draw(block, pos, context)) },
    calls: () => calls,
  };
}

const SAMPLE = [
  '# Title',
  '',
  '> [!NOTE]',
  '> Useful\n> information.',
  '',
  'Press <kbd>Ctrl</kbd>+<kbd>S</kbd> now,',
  'on a second line.',
  '',
  '## Title',
  '',
  '- an item',
  '  with a soft break',
  '- ## Title',
  '',
  '> quoted',
  '> text',
  '',
  'Last <b>bold</b> words, a note[^n] and another[^m], again[^n].',
  '',
  '[^m]: The m note.',
  '',
  '[^n]: The n note.',
  '',
].join('\n');

describe('whole-document decorations, redrawn by the change', () => {
  it('a keystroke in a 10k-line document redraws one block of each kind (DECORATIONS-BY-CHANGE)', () => {
    const lines = Array.from({ length: 10_000 }, (_, i) => (i % 50 === 0 ? `## Section ${i}` : i % 7 === 0 ? '' : i % 101 === 0 ? `Noted[^${i}].\n\n[^${i}]: Note ${i}.` : `Line ${i} with <kbd>K</kbd> and\nmore.`));
    const doc = docOf(lines.join('\n'));
    const state = EditorState.create({ doc });
    for (const [name, real] of Object.entries(DRAWERS)) {
      const { drawer, calls } = counted(real);
      const before = drawDocument(doc, drawer);
      const full = calls();
      expect(full, name).toBeGreaterThan(1000);
      const middle = doc.resolve(Math.floor(doc.content.size / 2));
      const at = middle.parent.isTextblock ? middle.pos : middle.pos + 2;
      const tr = state.tr.insertText('x', at);
      const after = redrawChanged(drawer, before, tr);
      expect(calls() - full, name).toBeLessThanOrEqual(3);
      expect(after.find().length, name).toBe(drawDocument(tr.doc, real).find().length);
    }
  }, 240_000);

  it('a changed heading (a progressive open putting blocks in place) redraws the heading ids from there on, the blocks before it only counted', () => {
    const lines = Array.from({ length: 4_000 }, (_, i) => (i % 40 === 0 ? `## Section ${i % 400}` : i % 7 === 0 ? '' : `Line ${i}.`));
    const doc = docOf(lines.join('\n'));
    const { drawer, calls } = counted(headingDrawer);
    const before = drawDocument(doc, drawer);
    const full = calls();
    const near = doc.resolve(doc.content.size - 200);
    const at = near.start(1);
    const tr = EditorState.create({ doc }).tr.setBlockType(at, at, markdownSchema().nodes.heading!, { level: 2 });
    const after = redrawChanged(drawer, before, tr);
    expect(calls() - full).toBeLessThan(full / 10);
    expect(described(after)).toEqual(described(drawDocument(tr.doc, headingDrawer)));
  });

  it('a keystroke in one block leaves the decorations the view hands every other block identical (===), and nothing sits at the top level', () => {
    const lines = Array.from({ length: 2_000 }, (_, i) => (i % 20 === 0 ? `## Section ${i % 60}` : i % 7 === 0 ? '' : `Line ${i} with <kbd>K</kbd> and\nmore.`));
    const doc = docOf(lines.join('\n'));
    const state = EditorState.create({ doc });
    const blocks = (d: ProseMirrorNode) => {
      const out: { node: ProseMirrorNode; pos: number }[] = [];
      d.forEach((node, pos) => out.push({ node, pos }));
      return out;
    };
    const middle = doc.resolve(Math.floor(doc.content.size / 2));
    const edited = middle.index(0);
    const at = middle.parent.isTextblock ? middle.pos : middle.pos + 2;
    const tr = state.tr.insertText('x', at);
    for (const [name, drawer] of Object.entries(DRAWERS)) {
      const before = drawDocument(doc, drawer);
      const after = redrawChanged(drawer, before, tr);
      const old = blocks(doc);
      blocks(tr.doc).forEach(({ node, pos }, index) => {
        if (index === edited) return;
        expect(after.forChild(pos, node), `${name}, block ${index}`).toBe(before.forChild(old[index]!.pos, old[index]!.node));
      });
      // what the view scans for every top-level block on each update: decorations of whole top-level blocks
      const topLevel = blocks(tr.doc).flatMap(({ node, pos }) => after.find(pos, pos + node.nodeSize, () => true).filter((d) => d.from === pos && d.to === pos + node.nodeSize));
      expect(topLevel, name).toEqual([]);
    }
  });

  const edit = fc.oneof(
    fc.record({ kind: fc.constant('type' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), text: fc.constantFrom('x', ' ', '\n', '[!TIP]', '<kbd>', '</kbd>', '# ', 'Title') }),
    fc.record({ kind: fc.constant('delete' as const), at: fc.double({ min: 0, max: 1, noNaN: true }), length: fc.integer({ min: 1, max: 40 }) }),
    fc.record({ kind: fc.constant('split' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
    fc.record({ kind: fc.constant('heading' as const), at: fc.double({ min: 0, max: 1, noNaN: true }) }),
  );

  function apply(doc: ProseMirrorNode, step: { kind: string; at: number; text?: string; length?: number }): Transaction {
    const tr = EditorState.create({ doc }).tr;
    const pos = Math.min(doc.content.size, Math.floor(step.at * (doc.content.size + 1)));
    const $pos = doc.resolve(pos);
    try {
      if (step.kind === 'type' && $pos.parent.inlineContent) tr.insertText(step.text!, pos);
      if (step.kind === 'delete') tr.delete(pos, Math.min(doc.content.size, pos + step.length!));
      if (step.kind === 'split' && $pos.parent.isTextblock && $pos.depth > 0) tr.split(pos);
      if (step.kind === 'heading' && $pos.parent.type.name === 'paragraph') tr.setBlockType(pos, pos, markdownSchema().nodes.heading!, { level: 2 });
    } catch {
      // an edit the schema cannot take leaves the document as it was
    }
    return tr;
  }

  /** Applies `edits` one after another, redrawing every kind by change, and compares each with a full redraw. */
  function expectRedrawsEqualFull(edits: ReadonlyArray<{ kind: string; at: number; text?: string; length?: number }>): void {
    let doc = docOf(SAMPLE);
    const sets = Object.fromEntries(Object.entries(DRAWERS).map(([name, drawer]) => [name, drawDocument(doc, drawer)]));
    for (const step of edits) {
      const tr = apply(doc, step);
      for (const [name, drawer] of Object.entries(DRAWERS)) sets[name] = redrawChanged(drawer, sets[name]!, tr);
      doc = tr.doc;
      for (const [name, drawer] of Object.entries(DRAWERS)) {
        expect(described(sets[name]!), `${name} after ${JSON.stringify(step)}`).toEqual(described(drawDocument(doc, drawer)));
      }
    }
  }

  it('a split right after a deletion that left a paired tag at the document start equals a full redraw (DECORATIONS-BY-CHANGE)', () => {
    expectRedrawsEqualFull([
      { kind: 'delete', at: 0, length: 36 },
      { kind: 'split', at: 0.048913043478260865 },
    ]);
  });

  it('after random edits every kind equals a full redraw (DECORATIONS-BY-CHANGE)', () => {
    fc.assert(
      fc.property(fc.array(edit, { minLength: 1, maxLength: 6 }), (edits) => expectRedrawsEqualFull(edits)),
      { numRuns: 300 },
    );
  });
});
