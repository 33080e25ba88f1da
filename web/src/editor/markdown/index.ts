export { parseMarkdown } from './parse';
export { serializeMarkdown, serializeMarkdownWithReport } from './serialize';
export type { SerializeOptions, SerializeResult } from './serialize';
export { renderHtml, normalizeHtml } from './renderHtml';
export type { HtmlDialect } from './renderHtml';
export { DEFAULT_CONVENTIONS } from './conventions';
export type { EditorDocument, LineEnding, MarkdownConventions, ParsedDoc, SourceBlock } from './types';
