import { describe, expect, test } from 'vitest';
import { skipReactSelectionWalk } from './skipReactSelectionWalk';

/** The part of an element this touches: the attribute, and the property that reflects it (as HTMLElement's does). */
class Element {
  readonly attributes = new Map<string, string>([['contenteditable', 'true']]);
  setAttribute(name: string, value: string): void {
    this.attributes.set(name, value);
  }
  get contentEditable(): string {
    return this.attributes.get('contenteditable') ?? 'inherit';
  }
}

describe('skipReactSelectionWalk', () => {
  test("the editor's root stops reporting contentEditable 'true' (React's test for saving a selection) while its attribute stays; undone on destroy", () => {
    const dom = new Element();
    const undo = skipReactSelectionWalk(dom as unknown as HTMLElement);
    expect(dom.contentEditable).toBe('inherit');
    expect(dom.attributes.get('contenteditable')).toBe('true');
    (dom as { contentEditable: string }).contentEditable = 'false';
    expect(dom.attributes.get('contenteditable')).toBe('false');
    undo();
    expect(dom.contentEditable).toBe('false');
  });
});
