export { editorExtensions, markdownSchema } from './editorExtensions';
export { frontMatterKind } from './frontMatter';
