import { defaultValueCtx, Editor, rootCtx } from '@milkdown/core';
import { commonmark } from '@milkdown/preset-commonmark';
import { gfm } from '@milkdown/preset-gfm';

/** Milkdown (ProseMirror + remark), core with the CommonMark and GFM presets, as its docs set it up. */
export async function openMilkdown(root: HTMLElement, markdown: string): Promise<() => void> {
  const editor = await Editor.make()
    .config((ctx) => {
      ctx.set(rootCtx, root);
      ctx.set(defaultValueCtx, markdown);
    })
    .use(commonmark)
    .use(gfm)
    .create();
  return () => void editor.destroy();
}
