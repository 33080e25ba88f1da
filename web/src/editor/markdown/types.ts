import type { JSONContent } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';

import type { LineEnding } from '../../lib/lineEndings';

export type { LineEnding };

/** How a document writes what markdown lets one write in several ways; used for new blocks. */
export interface MarkdownConventions {
  bullet: '-' | '*' | '+';
  orderedDelimiter: '.' | ')';
  emphasis: '*' | '_';
  strong: '*' | '_';
  fence: '`' | '~';
  rule: '-' | '*' | '_';
  ruleRepetition: number;
  ruleSpaces: boolean;
  setext: boolean;
  hardBreak: string;
}

/**
 * A block of the parsed document with the source range it came from. `children` exists for
 * blocks whose parts are tracked too (document, quotes, lists, items, footnotes, tables) and
 * lines up with `node.children`; it is empty when the node only holds a placeholder.
 */
export interface SourceBlock {
  readonly node: ProseMirrorNode;
  readonly start: number;
  readonly end: number;
  readonly children?: readonly SourceBlock[];
}

/** The result of `parseMarkdown`: the editor document plus everything needed to write it back. */
export interface ParsedDoc {
  /** The original text, byte for byte. */
  readonly source: string;
  /** ProseMirror JSON for `editor.commands.setContent` (text uses `\n` line endings). */
  readonly doc: JSONContent;
  /** The dominant line ending, used for re-written blocks. */
  readonly lineEnding: LineEnding;
  /** Whether the source ends with a line ending. */
  readonly finalNewline: boolean;
  readonly conventions: MarkdownConventions;
  /** The document node with the source range of every tracked block. */
  readonly root: SourceBlock;
}

/** A document as the editor hands it over: a ProseMirror node or its JSON. */
export type EditorDocument = ProseMirrorNode | JSONContent;
