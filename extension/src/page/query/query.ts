// browser_read.query: structured DOM data the outline cannot name (tables, computed values). The
// selector runs in the document and in its same-origin frames; boxes are in the top viewport.

import { sameOriginDocuments, toTopViewport } from '../dom/frames';
import { namedRef } from '../act/describe';
import { clipText } from '../text/neutralise';
import { isHtmlElement } from '../dom/realm';

export const MAX_QUERY_ELEMENTS = 50;
export const MAX_QUERY_TEXT_CHARS = 500;
const MAX_ATTRIBUTE_CHARS = 1_000;
const MAX_STYLE_PROPERTIES = 40;
const MAX_STYLE_VALUE_CHARS = 300;

export interface QueryFields {
  /** true: every attribute; a list: only those names. */
  attributes?: boolean | string[];
  box?: boolean;
  /** Computed style properties (CSS names, e.g. "display", "background-color"). */
  styles?: string[];
}

export interface QueryOptions {
  selector: string;
  fields?: QueryFields;
}

export interface QueriedElement {
  ref: string;
  tag: string;
  text: string;
  attributes?: Record<string, string>;
  box?: { x: number; y: number; width: number; height: number };
  styles?: Record<string, string>;
}

export interface QueryResult {
  count: number;
  elements: QueriedElement[];
  truncated?: true;
}

function selectAll(selector: unknown): Element[] {
  if (typeof selector !== 'string' || selector.trim() === '') {
    throw new Error('query needs a non-empty CSS selector string');
  }
  try {
    return sameOriginDocuments().flatMap((doc) => Array.from(doc.querySelectorAll(selector)));
  } catch {
    throw new Error(`Invalid CSS selector: ${JSON.stringify(selector)}`);
  }
}

export function query(options: QueryOptions): QueryResult {
  const matched = selectAll(options?.selector);
  const fields = options.fields ?? {};
  const elements: QueriedElement[] = [];
  for (let i = 0; i < matched.length && i < MAX_QUERY_ELEMENTS; i++) {
    elements.push(describeElement(matched[i]!, fields));
  }
  const result: QueryResult = { count: matched.length, elements };
  if (matched.length > MAX_QUERY_ELEMENTS) result.truncated = true;
  return result;
}

function describeElement(element: Element, fields: QueryFields): QueriedElement {
  const rendered = isHtmlElement(element) ? element.innerText : element.textContent;
  const text = clipText((rendered ?? '').replace(/[ \t]+/g, ' ').replace(/\n\s*\n+/g, '\n').trim(), MAX_QUERY_TEXT_CHARS).text;
  const described: QueriedElement = { ref: namedRef(element).ref, tag: element.localName, text };
  if (fields.attributes) described.attributes = attributesOf(element, fields.attributes);
  if (fields.box) described.box = boxOf(element);
  if (Array.isArray(fields.styles) && fields.styles.length > 0) described.styles = stylesOf(element, fields.styles);
  return described;
}

function attributesOf(element: Element, wanted: true | string[]): Record<string, string> {
  const names = wanted === true ? element.getAttributeNames() : wanted.filter((name) => typeof name === 'string');
  const attributes: Record<string, string> = {};
  for (const name of names) {
    const value = element.getAttribute(name);
    if (value !== null) attributes[name] = clipText(value, MAX_ATTRIBUTE_CHARS).text;
  }
  return attributes;
}

function boxOf(element: Element): { x: number; y: number; width: number; height: number } {
  const rect = element.getBoundingClientRect();
  const { x, y } = toTopViewport(element, rect.x, rect.y);
  return { x: Math.round(x), y: Math.round(y), width: Math.round(rect.width), height: Math.round(rect.height) };
}

function stylesOf(element: Element, properties: string[]): Record<string, string> {
  const computed = getComputedStyle(element);
  const styles: Record<string, string> = {};
  for (const property of properties.slice(0, MAX_STYLE_PROPERTIES)) {
    if (typeof property !== 'string') continue;
    // Accept camelCase too ("backgroundColor").
    const cssName = property.startsWith('--') ? property : property.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    styles[property] = clipText(computed.getPropertyValue(cssName), MAX_STYLE_VALUE_CHARS).text;
  }
  return styles;
}
