import type { AnyExtension, Extensions } from '@tiptap/core';
import { editorExtensions } from '../schema';
import { BlockMath, InlineMath } from '../schema/math';
import { FrontMatter } from '../schema/frontMatter';
import { MarkdownImage } from '../schema/marks';
import { MarkdownCodeBlock } from '../schema/textBlocks';
import { codeBlockView, revealMermaidSource } from './codeBlockView';
import { CodeHighlight } from './codeHighlight';
import { EditSelectedSource } from './editSelectedSource';
import { frontMatterView } from './frontMatterView';
import { imageView, type ImageLoader } from './imageView';
import { mathView } from './mathView';
import './rendering.css';

/**
 * The extensions of the mounted WYSIWYG editor: the markdown schema of `editorExtensions()`
 * with node views that render code, math, diagrams, images and front matter. The schema is the
 * same, so parsing and write-back do not see the difference.
 */
export function wysiwygExtensions(loadImage: ImageLoader): Extensions {
  const rendered: Record<string, AnyExtension> = {
    codeBlock: MarkdownCodeBlock.extend({
      addNodeView: () => codeBlockView,
      addProseMirrorPlugins() {
        return [...(this.parent?.() ?? []), revealMermaidSource()];
      },
    }),
    blockMath: BlockMath.extend({ addNodeView: () => mathView(true) }),
    inlineMath: InlineMath.extend({ addNodeView: () => mathView(false) }),
    frontMatter: FrontMatter.extend({ addNodeView: () => frontMatterView }),
    image: MarkdownImage.extend({ addNodeView: () => imageView(loadImage) }),
  };
  return [...editorExtensions().map((extension) => rendered[extension.name] ?? extension), CodeHighlight, EditSelectedSource];
}
