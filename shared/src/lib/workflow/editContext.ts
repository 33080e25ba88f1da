import type { SourceStyle } from './style';

/** The text being patched, its detected style and its plain value (`doc.toJS()`). */
export interface EditContext {
  src: string;
  style: SourceStyle;
  plain: unknown;
}
