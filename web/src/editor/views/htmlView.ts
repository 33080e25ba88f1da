import type { NodeViewRenderer } from '@tiptap/core';
import type { ImageLoader } from './imageView';
import { renderHtmlInto } from './htmlRender';
import { PAIRED_TAG } from './inlineHtml';
import { onSettingsChanged } from './remoteImages';
import { sourceEditView } from './sourceEditView';

/**
 * HTML blocks and inline HTML rendered sanitised (htmlRender.ts); a click shows the source to edit.
 * What renders to nothing visible (a comment, a lone `</details>`) shows its source, muted, so it
 * can still be found and edited; an inline tag that pairs with another (`<kbd>`…`</kbd>`) shows
 * nothing itself: inlineHtml.ts formats the text between.
 */
export function htmlView(display: boolean, load: ImageLoader): NodeViewRenderer {
  const releases = new WeakMap<HTMLElement, () => void>();
  const release = (dom: HTMLElement) => {
    releases.get(dom)?.();
    releases.delete(dom);
  };
  return sourceEditView({
    display,
    attribute: 'raw',
    className: display ? 'html-block' : 'html-inline',
    dataType: display ? 'html-block' : 'html-inline',
    label: display ? 'HTML source' : 'Inline HTML source',
    render(preview, raw, dom) {
      release(dom);
      const tag = !display && PAIRED_TAG.test(raw.trim());
      dom.classList.toggle('html-tag', tag);
      if (tag) {
        preview.replaceChildren();
        return;
      }
      releases.set(dom, renderHtmlInto(preview, raw, load));
      const empty = preview.textContent?.trim() === '' && !preview.querySelector('img, hr, br, input');
      dom.classList.toggle('html-source-only', empty);
      if (empty) preview.textContent = display ? raw : raw.replace(/\s+/g, ' ');
    },
    // <details> opens and closes as on GitHub; a click elsewhere edits
    ownsClick: (target) => target instanceof Element && target.closest('summary') !== null,
    watch: onSettingsChanged,
    release,
  });
}
