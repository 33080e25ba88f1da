import type { AnyExtension, Extensions } from '@tiptap/core';
import { editorExtensions } from '../schema';
import { BlockMath, InlineMath } from '../schema/math';
import { FrontMatter } from '../schema/frontMatter';
import { FootnoteDefinition, FootnoteReference } from '../schema/footnotes';
import { HtmlBlock, HtmlInline } from '../schema/html';
import { MarkdownTaskItem } from '../schema/lists';
import { MarkdownImage } from '../schema/marks';
import { MarkdownCodeBlock, MarkdownHeading } from '../schema/textBlocks';
import { codeBlockView, revealMermaidSource } from './codeBlockView';
import { CodeHighlight } from './codeHighlight';
import { EmojiShortcodes } from './emojiShortcodes';
import { EditSelectedSource } from './editSelectedSource';
import { frontMatterView } from './frontMatterView';
import { imageView, type ImageLoader } from './imageView';
import { mathView } from './mathView';
import { GithubAlerts } from './alerts';
import { DetailsCollapse } from './details';
import { DocumentEnds } from './documentEnds';
import { FootnoteNumbers, footnoteReferenceView } from './footnotes';
import { FootnoteSection } from './footnoteSection';
import { HeadingAnchors, headingView } from './headingAnchors';
import { htmlView } from './htmlView';
import { InlineHtmlPairs } from './inlineHtml';
import { OffscreenBlocks } from './offscreenBlocks';
import { OpenLinks } from './openLinks';
import { SkipReactSelectionWalk } from './skipReactSelectionWalk';
import { SoftBreaks } from './softBreaks';
import type { DocumentOpener } from './workspaceLinks';
import { contentMutationsOnly } from './taskItemView';
import './document.css';
import './rendering.css';

/**
 * The extensions of the mounted WYSIWYG editor: the markdown schema of `editorExtensions()`
 * with node views that render code, math, diagrams, images, HTML and front matter, and
 * decorations for GitHub alerts, collapsed `<details>`, footnote numbers and GitHub's footnotes section, heading anchors, emoji shortcodes, inline HTML pairs and soft line breaks, Ctrl/Cmd-click on links and Ctrl+Home/End to the document's very ends. The schema is the
 * same, so parsing and write-back do not see the difference.
 */
export function wysiwygExtensions(loadImage: ImageLoader, openDocument: DocumentOpener | null = null): Extensions {
  const rendered: Record<string, AnyExtension> = {
    codeBlock: MarkdownCodeBlock.extend({
      addNodeView: () => codeBlockView,
      addProseMirrorPlugins() {
        return [...(this.parent?.() ?? []), revealMermaidSource()];
      },
    }),
    blockMath: BlockMath.extend({ addNodeView: () => mathView(true) }),
    inlineMath: InlineMath.extend({ addNodeView: () => mathView(false) }),
    heading: MarkdownHeading.extend({ addNodeView: () => headingView }),
    frontMatter: FrontMatter.extend({ addNodeView: () => frontMatterView }),
    image: MarkdownImage.extend({ addNodeView: () => imageView(loadImage) }),
    taskItem: MarkdownTaskItem.extend({
      addNodeView() {
        const renderer = this.parent?.();
        return renderer ? contentMutationsOnly(renderer) : null;
      },
    }),
    footnoteReference: FootnoteReference.extend({ addNodeView: () => footnoteReferenceView }),
    // the id `fn-…` belongs to the footnote's entry in the section at the end (footnoteSection.ts)
    footnoteDefinition: FootnoteDefinition.extend({
      renderHTML: ({ node }) => ['section', { 'data-type': 'footnote-definition', 'data-label': String(node.attrs.label ?? node.attrs.identifier) }, 0],
    }),
    htmlBlock: HtmlBlock.extend({ addNodeView: () => htmlView(true, loadImage) }),
    htmlInline: HtmlInline.extend({ addNodeView: () => htmlView(false, loadImage) }),
  };
  return [
    ...editorExtensions().map((extension) => rendered[extension.name] ?? extension),
    CodeHighlight,
    EditSelectedSource,
    EmojiShortcodes,
    GithubAlerts,
    DetailsCollapse,
    DocumentEnds,
    FootnoteNumbers,
    FootnoteSection,
    HeadingAnchors,
    InlineHtmlPairs,
    OffscreenBlocks,
    OpenLinks.configure({ openDocument }),
    SkipReactSelectionWalk,
    ...SoftBreaks,
  ];
}
