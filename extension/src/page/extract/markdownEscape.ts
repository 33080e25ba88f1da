// Page text must not be able to create Markdown structure: a fake "# System" heading, a quote,
// a list, a code fence or a link in a text node is turned back into literal text.

const INLINE_SYNTAX = /[\\`*_[\]<>|~]/g;
const LINE_START_MARKER = /^([ \t]*)([#+=-])/gm;
const ORDERED_LIST_MARKER = /^([ \t]*\d+)([.)])/gm;

export function escapeMarkdownText(text: string): string {
  return text
    .replace(INLINE_SYNTAX, '\\$&')
    .replace(LINE_START_MARKER, '$1\\$2')
    .replace(ORDERED_LIST_MARKER, '$1\\$2');
}

/** An http(s)/mailto URL safe inside `(…)`, or null for anything else (javascript:, data:, …). */
export function safeLinkDestination(href: string): string | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:' && url.protocol !== 'mailto:') return null;
  return url.href.replace(/[()<> ]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}
