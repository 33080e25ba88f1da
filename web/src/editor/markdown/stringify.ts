import {
  defaultHandlers,
  toMarkdown,
  type Attention,
  type Handle,
  type Handlers,
  type Options,
  type State,
} from 'mdast-util-to-markdown';
import type { Root } from 'mdast';
import { toMarkdownExtensions } from './markdownProcessor';
import type { MdNode } from './mdastNode';
import type { MarkdownConventions } from './types';

export interface StringifyOptions {
  readonly conventions: MarkdownConventions;
  /** Pad table cells so the pipes line up (whole tables), or not (a single row). */
  readonly tablePipeAlign?: boolean;
}

/**
 * mdast → markdown (`\n` line endings, no final newline). Nodes that remember how they were
 * written (`data.markup`) are written the same way; the rest follow the document's conventions.
 */
export function stringifyMdast(children: readonly MdNode[], options: StringifyOptions): string {
  const { conventions } = options;
  const settings: Options = {
    bullet: conventions.bullet,
    bulletOrdered: conventions.orderedDelimiter,
    emphasis: conventions.emphasis,
    strong: conventions.strong,
    fence: conventions.fence,
    fences: true,
    rule: conventions.rule,
    ruleRepetition: conventions.ruleRepetition,
    ruleSpaces: conventions.ruleSpaces,
    setext: conventions.setext,
    listItemIndent: 'one',
    incrementListMarker: true,
    extensions: toMarkdownExtensions(options.tablePipeAlign ?? true),
    handlers: markupHandlers(conventions),
  };
  const root = { type: 'root', children } as unknown as Root;
  return toMarkdown(root, settings).replace(/\n$/, '');
}

function markupOf(node: unknown): string | null {
  return (node as MdNode).data?.markup ?? null;
}

/** Runs `serialize` with some options changed for one node (and what it contains). */
function withOptions<T>(state: State, patch: Partial<Options>, serialize: () => T): T {
  const saved = state.options;
  state.options = { ...saved, ...patch };
  try {
    return serialize();
  } finally {
    state.options = saved;
  }
}

type AttentionHandle = Handle & { attention: Attention; peek: Handle };

/** Emphasis or strong with the node's own marker (`*` or `_`) preferred. */
function attentionHandler(kind: 'emphasis' | 'strong', fallback: '*' | '_'): AttentionHandle {
  const base = defaultHandlers[kind] as unknown as AttentionHandle;
  const patch = (node: unknown): Partial<Options> => ({ [kind]: markupOf(node) === '_' ? '_' : markupOf(node) === '*' ? '*' : fallback });
  const handle: Handle = (node, parent, state, info) => withOptions(state, patch(node), () => base(node, parent, state, info));
  return Object.assign(handle, {
    attention: ((node, state) => withOptions(state, patch(node), () => base.attention(node, state))) as Attention,
    peek: ((node, parent, state, info) => withOptions(state, patch(node), () => base.peek(node, parent, state, info))) as Handle,
  });
}

function markupHandlers(conventions: MarkdownConventions): Partial<Handlers> {
  const heading: Handle = (node, parent, state, info) => {
    const markup = markupOf(node);
    const setext = markup === null ? conventions.setext : markup === 'setext';
    return withOptions(state, { setext }, () => defaultHandlers.heading(node, parent, state, info));
  };

  const code: Handle = (node, parent, state, info) => {
    const markup = markupOf(node);
    const patch: Partial<Options> =
      markup === 'indented' ? { fences: false } : markup === '~~~' ? { fence: '~' } : markup === '```' ? { fence: '`' } : {};
    return withOptions(state, patch, () => defaultHandlers.code(node, parent, state, info));
  };

  const list: Handle = (node, parent, state, info) => {
    const markup = markupOf(node) ?? undefined;
    const patch: Partial<Options> = (node as MdNode).ordered
      ? { bulletOrdered: markup === ')' || markup === '.' ? markup : conventions.orderedDelimiter }
      : { bullet: markup === '*' || markup === '+' || markup === '-' ? markup : conventions.bullet };
    return withOptions(state, patch, () => defaultHandlers.list(node, parent, state, info));
  };

  const hardBreak: Handle = (node, parent, state, info) => {
    const value = defaultHandlers.break(node, parent, state, info);
    const markup = markupOf(node) ?? conventions.hardBreak;
    return value === '\\\n' && /^[ \t]{2,}$/.test(markup) ? `${markup}\n` : value;
  };

  const link: Handle = (node, parent, state, info) => {
    const markup = markupOf(node);
    const literal = literalAutolink(node as MdNode);
    if (markup === 'literal' && literal !== undefined) return literal;
    // A new link (no markup) whose text is its URL becomes `<url>`; `[url](url)` stays so.
    const patch: Partial<Options> = markup === 'inline' ? { resourceLink: true } : markup === null ? {} : { resourceLink: false };
    return withOptions(state, patch, () => defaultHandlers.link(node, parent, state, info));
  };

  return {
    emphasis: attentionHandler('emphasis', conventions.emphasis),
    strong: attentionHandler('strong', conventions.strong),
    heading,
    code,
    list,
    break: hardBreak,
    link,
  };
}

/** The bare text of a GFM autolink literal (`https://x`, `www.x`, `a@b.c`), if it still is one. */
function literalAutolink(node: MdNode): string | undefined {
  const only = node.children?.length === 1 ? node.children[0] : undefined;
  if (only?.type !== 'text' || !only.value) return undefined;
  const text = only.value;
  const url = node.url ?? '';
  if (node.title) return undefined;
  return url === text || url === `http://${text}` || url === `mailto:${text}` ? text : undefined;
}
