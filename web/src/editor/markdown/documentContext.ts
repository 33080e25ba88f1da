import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { WrittenChild } from './containerWriter';
import { DEFAULT_CONVENTIONS } from './conventions';
import { staleReferenceCheck } from './staleReferences';
import { collectDefinitionTargets } from './toMdast';
import type { ParsedDoc } from './types';
import { reparseContext, startsLikeFrontMatter, type ReparseContext } from './verify';
import type { WriterContext } from './writerContext';

/** What writing one editor document needs: the writer's context and the definitions to parse pieces back with. */
export interface DocumentContext {
  readonly writer: WriterContext;
  readonly reparse: ReparseContext;
}

const definitionsByParse = new WeakMap<ParsedDoc, ReturnType<typeof collectDefinitionTargets>>();

function originalDefinitions(parsed: ParsedDoc): ReturnType<typeof collectDefinitionTargets> {
  let definitions = definitionsByParse.get(parsed);
  if (!definitions) {
    definitions = collectDefinitionTargets(parsed.root.node);
    definitionsByParse.set(parsed, definitions);
  }
  return definitions;
}

export function documentContext(node: ProseMirrorNode, parsed: ParsedDoc | undefined, reuse: boolean): DocumentContext {
  const conventions = parsed?.conventions ?? DEFAULT_CONVENTIONS;
  const reparse = reparseContext(node, conventions);
  const definitions = collectDefinitionTargets(node);
  const writer: WriterContext = {
    source: parsed?.source ?? '',
    lineEnding: parsed?.lineEnding ?? '\n',
    conventions,
    inline: { definitions },
    staleReference: staleReferenceCheck(parsed ? originalDefinitions(parsed) : definitions, definitions),
    reuseInside: reuse,
    keepMarkup: true,
    reparse,
  };
  return { writer, reparse };
}

/**
 * The bytes before the first block, kept from the source where they fit. `bodyHead` is the
 * start of the written blocks, at least their first line.
 */
export function leadingBytes(bodyHead: string, first: WrittenChild | undefined, parsed: ParsedDoc | undefined, reuse: boolean, context: WriterContext): string {
  const originals = parsed?.root.children ?? [];
  const leading = reuse && parsed && originals.length > 0 ? parsed.source.slice(0, originals[0]!.start) : '';
  // A blank first line keeps a paragraph that starts with `---` or `+++` from becoming front matter.
  if (leading === '' && first?.match.node.type.name !== 'frontMatter' && startsLikeFrontMatter(bodyHead)) return context.lineEnding;
  return leading;
}

/** The bytes after the last block, kept from the source where they fit. */
export function trailingBytes(last: WrittenChild | undefined, parsed: ParsedDoc | undefined, reuse: boolean, context: WriterContext): string {
  const originals = parsed?.root.children ?? [];
  if (!reuse || !parsed || originals.length === 0) return context.lineEnding;
  const lastOriginal = originals[originals.length - 1]!;
  return last?.match.original === lastOriginal ? parsed.source.slice(lastOriginal.end) : parsed.finalNewline ? context.lineEnding : '';
}
