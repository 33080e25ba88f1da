import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkMath from 'remark-math';
import remarkFrontmatter from 'remark-frontmatter';
import type { Root } from 'mdast';
import type { Options as ToMarkdownOptions } from 'mdast-util-to-markdown';

type MarkdownExtensions = NonNullable<ToMarkdownOptions['extensions']>;

let parser: Processor<Root> | undefined;

/** The one markdown dialect of the editor: CommonMark + GFM + math + YAML/TOML front matter. */
export function parseMdast(source: string): Root {
  parser ??= unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkMath)
    .use(remarkFrontmatter, ['yaml', 'toml'])
    .freeze() as unknown as Processor<Root>;
  return parser.parse(source);
}

const extensionsByAlignment = new Map<boolean, MarkdownExtensions>();

/**
 * The to-markdown extensions of the same dialect. `tablePipeAlign` pads table cells to align
 * the pipes; a row written alone into an existing table is not padded.
 */
export function toMarkdownExtensions(tablePipeAlign: boolean): MarkdownExtensions {
  let extensions = extensionsByAlignment.get(tablePipeAlign);
  if (!extensions) {
    const processor = unified().use(remarkGfm, { tablePipeAlign }).use(remarkMath).freeze();
    const data = processor.data() as { toMarkdownExtensions?: MarkdownExtensions };
    extensions = data.toMarkdownExtensions ?? [];
    extensionsByAlignment.set(tablePipeAlign, extensions);
  }
  return extensions;
}
