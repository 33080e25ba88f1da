import DOMPurify from 'dompurify';
import { isBrowserUrl } from './imageSource';
import type { ImageLoader } from './imageView';
import { isRemoteUrl, REMOTE_IMAGE_BLOCKED, remoteImagesAllowed } from './remoteImages';

/**
 * What GitHub lets through, roughly: no scripts, event handlers, `javascript:` URLs (DOMPurify's
 * defaults), no styles, forms, frames or media that load on their own, no ids that could clash
 * with the app's.
 */
const PURIFY = {
  USE_PROFILES: { html: true },
  FORBID_TAGS: ['style', 'form', 'input', 'button', 'select', 'textarea', 'iframe', 'frame', 'object', 'embed', 'video', 'audio', 'track', 'dialog'],
  FORBID_ATTR: ['style', 'id', 'name', 'class', 'background', 'poster', 'formaction', 'autofocus', 'tabindex'],
  RETURN_DOM_FRAGMENT: true as const,
};

/** Untrusted HTML → a sanitised fragment whose images follow the remote-image setting. */
export function sanitizeHtml(raw: string): DocumentFragment {
  return DOMPurify.sanitize(raw, PURIFY);
}

/** Whether DOMPurify would keep `href` on a link (no `javascript:` and the like). */
export function isSafeHref(href: string): boolean {
  return DOMPurify.isValidAttribute('a', 'href', href);
}

/**
 * Renders sanitised HTML into `target`. Workspace images load through `load` (object URLs, which
 * the returned function revokes); remote ones only when the person allows them.
 */
export function renderHtmlInto(target: HTMLElement, raw: string, load: ImageLoader): () => void {
  const fragment = sanitizeHtml(raw);
  const objectUrls: string[] = [];
  let live = true;
  for (const anchor of fragment.querySelectorAll('a[href]')) anchor.setAttribute('rel', 'noopener noreferrer');
  // srcset candidates would load without asking: the plain src (handled below) stands in for them
  for (const element of fragment.querySelectorAll('[srcset]')) {
    if (!remoteImagesAllowed() || !element.getAttribute('srcset')!.split(',').every((candidate) => isRemoteUrl(candidate))) element.removeAttribute('srcset');
  }
  for (const img of fragment.querySelectorAll('img')) {
    const src = img.getAttribute('src') ?? '';
    img.dataset.src = src;
    if (isBrowserUrl(src)) {
      if (isRemoteUrl(src) && !remoteImagesAllowed()) blockImage(img);
      continue;
    }
    img.removeAttribute('src');
    if (src === '') continue;
    load(src).then(
      (blob) => {
        if (!live) return;
        const url = URL.createObjectURL(blob);
        objectUrls.push(url);
        img.src = url;
      },
      (error: unknown) => {
        img.classList.add('image-missing');
        img.title = `${src}: ${error instanceof Error ? error.message : String(error)}`;
      },
    );
  }
  target.replaceChildren(fragment);
  return () => {
    live = false;
    for (const url of objectUrls) URL.revokeObjectURL(url);
  };
}

export function blockImage(img: HTMLImageElement): void {
  img.removeAttribute('src');
  img.classList.add('image-blocked');
  img.title = REMOTE_IMAGE_BLOCKED;
}
