// Realm-independent node checks. A same-origin frame's nodes belong to another realm: the top
// window's `HTMLInputElement` is not the frame's, so `node instanceof HTMLInputElement` is false
// for an input inside the frame. These checks go by nodeType, namespace and localName instead.

const XHTML = 'http://www.w3.org/1999/xhtml';
const ELEMENT_NODE = 1;
const DOCUMENT_FRAGMENT_NODE = 11;

type Nodeish = { nodeType?: unknown; namespaceURI?: unknown; localName?: unknown };

function nodeish(value: unknown): value is Nodeish {
  return typeof value === 'object' && value !== null;
}

export function isElement(value: unknown): value is Element {
  return nodeish(value) && value.nodeType === ELEMENT_NODE;
}

export function isHtmlElement(value: unknown): value is HTMLElement {
  return isElement(value) && value.namespaceURI === XHTML;
}

/** An HTML element with this tag name, typed as the tag's interface (whatever its realm). */
export function isTag<K extends keyof HTMLElementTagNameMap>(value: unknown, tag: K): value is HTMLElementTagNameMap[K] {
  return isHtmlElement(value) && value.localName === tag;
}

export function isShadowRoot(value: unknown): value is ShadowRoot {
  return nodeish(value) && value.nodeType === DOCUMENT_FRAGMENT_NODE && 'host' in value && isElement((value as { host: unknown }).host);
}

/** An <input> or <textarea>: a field with a value, selection and readOnly. */
export function isTextControl(value: unknown): value is HTMLInputElement | HTMLTextAreaElement {
  return isTag(value, 'input') || isTag(value, 'textarea');
}

/** An element whose `value` is what it holds: input, textarea, select. */
export function isValueControl(value: unknown): value is HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement {
  return isTextControl(value) || isTag(value, 'select');
}

/** The window of the node's document (a frame's window for a node inside a frame). */
export function windowOf(node: Node): Window {
  return (node.ownerDocument ?? (node as Document)).defaultView ?? window;
}

/** The node's document (the document itself for a document). */
export function documentOf(node: Node): Document {
  return node.ownerDocument ?? (node as Document);
}
