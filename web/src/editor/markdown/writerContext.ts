import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { InlineWriteContext } from './toMdastInline';
import type { LineEnding, MarkdownConventions } from './types';
import type { ReparseContext } from './verify';

/** What every part of the serialiser needs to know about the document being written. */
export interface WriterContext {
  /** The original text that source ranges point into ('' when there is none). */
  readonly source: string;
  readonly lineEnding: LineEnding;
  readonly conventions: MarkdownConventions;
  readonly inline: InlineWriteContext;
  /** Whether unchanged parts inside a changed block may keep their original bytes. */
  readonly reuseInside: boolean;
  /** Whether blocks may be written as they were written before (`markup` attributes). */
  readonly keepMarkup: boolean;
  /** Whether an unchanged block refers to a definition that changed (its bytes no longer fit). */
  readonly staleReference: (node: ProseMirrorNode) => boolean;
  /** Definitions for parsing pieces back; set, rewritten text drops escapes it does not need. */
  readonly reparse?: ReparseContext;
}
