import { commonmarkLanguage } from '@codemirror/lang-markdown';

/**
 * @lezer/markdown keeps the last line it scanned in one module-level object. The source editor
 * parses in the background and stops wherever it was when the editor goes, so that line stays, and
 * with it the whole text it is a slice of (CodeMirror's lines are slices of the text the editor was
 * created with; bench/editor: a closed 10 MB document stayed in the heap). Parsing an empty text
 * scans past its end once, which points that object at ''.
 */
export function releaseMarkdownParserCache(): void {
  commonmarkLanguage.parser.parse('');
}
