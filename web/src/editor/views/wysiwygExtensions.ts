import type { AnyExtension, Extensions } from '@tiptap/core';
import { editorExtensions } from '../schema';
import { CodeHighlight } from './codeHighlight';
import './rendering.css';

/**
 * The extensions of the mounted WYSIWYG editor: the markdown schema of `editorExtensions()`
 * with node views that render code, math, diagrams, images and front matter. The schema is the
 * same, so parsing and write-back do not see the difference.
 */
export function wysiwygExtensions(): Extensions {
  const rendered: Record<string, AnyExtension> = {};
  return [...editorExtensions().map((extension) => rendered[extension.name] ?? extension), CodeHighlight];
}
