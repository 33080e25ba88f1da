import { describe, expect, it } from 'vitest';
import { documentOf, isElement, isHtmlElement, isShadowRoot, isTag, isTextControl, isValueControl, windowOf } from './realm';

const XHTML = 'http://www.w3.org/1999/xhtml';
// Nodes of another realm, as a same-origin frame's nodes are: prototype-less, so no constructor of ours matches them.
function node(fields: Record<string, unknown>): object {
  return Object.assign(Object.create(null) as object, fields);
}
const foreign: Record<string, object> = {
  input: node({ nodeType: 1, namespaceURI: XHTML, localName: 'input' }),
  textarea: node({ nodeType: 1, namespaceURI: XHTML, localName: 'textarea' }),
  select: node({ nodeType: 1, namespaceURI: XHTML, localName: 'select' }),
  svgTitle: node({ nodeType: 1, namespaceURI: 'http://www.w3.org/2000/svg', localName: 'title' }),
  text: node({ nodeType: 3, nodeValue: 'x' }),
  fragment: node({ nodeType: 11 }),
};
const shadow = node({ nodeType: 11, host: foreign.input });

describe('realm-independent node checks', () => {
  it('see elements of another realm by nodeType, namespace and tag', () => {
    expect(Object.getPrototypeOf(foreign.input)).toBeNull();
    expect(isElement(foreign.input)).toBe(true);
    expect(isHtmlElement(foreign.input)).toBe(true);
    expect(isTag(foreign.input, 'input')).toBe(true);
    expect(isTag(foreign.input, 'select')).toBe(false);
    expect(isTag(foreign.select, 'select')).toBe(true);
  });

  it('tell text nodes, fragments, primitives and foreign namespaces apart', () => {
    for (const value of [foreign.text, foreign.fragment, null, undefined, 'input', 1]) {
      expect(isElement(value)).toBe(false);
      expect(isTag(value, 'input')).toBe(false);
    }
    expect(isElement(foreign.svgTitle)).toBe(true);
    expect(isHtmlElement(foreign.svgTitle)).toBe(false);
    expect(isTag(foreign.svgTitle, 'title')).toBe(false);
  });

  it('group the field kinds act types into', () => {
    expect([foreign.input, foreign.textarea, foreign.select].map(isTextControl)).toEqual([true, true, false]);
    expect([foreign.input, foreign.textarea, foreign.select, foreign.svgTitle].map(isValueControl)).toEqual([true, true, true, false]);
  });

  it('know a shadow root by its host, not any fragment', () => {
    expect(isShadowRoot(shadow)).toBe(true);
    expect(isShadowRoot(foreign.fragment)).toBe(false);
  });

  it('find the document and window a node belongs to', () => {
    const frameWindow = { name: 'frame' };
    const frameDocument = { nodeType: 9, ownerDocument: null, defaultView: frameWindow };
    const button = { nodeType: 1, ownerDocument: frameDocument };
    expect(documentOf(button as unknown as Node)).toBe(frameDocument);
    expect(documentOf(frameDocument as unknown as Node)).toBe(frameDocument);
    expect(windowOf(button as unknown as Node)).toBe(frameWindow);
  });
});
