import type { NodeViewRenderer } from '@tiptap/core';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import type { NodeView } from '@tiptap/pm/view';
import { blockImage } from './htmlRender';
import { isBrowserUrl } from './imageSource';
import { isRemoteUrl, onSettingsChanged, remoteImagesAllowed } from './remoteImages';

/** The bytes of a workspace image named by a relative `src`; rejects when there is no such file. */
export type ImageLoader = (src: string) => Promise<Blob>;

/**
 * Images: `data:`/`blob:` URLs load as they are, remote ones only when the person allows remote
 * images; a path is read through the workspace file system and shown from an object URL (revoked
 * when replaced or unmounted). The node keeps the path as written.
 */
export function imageView(load: ImageLoader): NodeViewRenderer {
  return ({ node }) => workspaceImage(node, load);
}

function workspaceImage(initial: ProseMirrorNode, load: ImageLoader): NodeView {
  const img = document.createElement('img');
  let src: string | undefined;
  let objectUrl: string | undefined;

  const release = () => {
    if (objectUrl) URL.revokeObjectURL(objectUrl);
    objectUrl = undefined;
  };
  const show = (node: ProseMirrorNode) => {
    setOptional(img, 'alt', node.attrs.alt);
    setOptional(img, 'title', node.attrs.title);
    const wanted = String(node.attrs.src ?? '');
    if (wanted === src) return;
    src = wanted;
    img.dataset.src = wanted;
    img.classList.remove('image-missing', 'image-blocked');
    img.removeAttribute('title');
    setOptional(img, 'title', node.attrs.title);
    release();
    if (isBrowserUrl(wanted)) {
      if (isRemoteUrl(wanted) && !remoteImagesAllowed()) blockImage(img);
      else img.src = wanted;
      return;
    }
    img.removeAttribute('src');
    load(wanted).then(
      (blob) => {
        if (src !== wanted) return;
        release();
        objectUrl = URL.createObjectURL(blob);
        img.src = objectUrl;
      },
      (error: unknown) => {
        if (src !== wanted) return;
        img.classList.add('image-missing');
        img.title = `${wanted}: ${error instanceof Error ? error.message : String(error)}`;
      },
    );
  };
  let current = initial;
  show(initial);
  const unsubscribe = onSettingsChanged(() => {
    src = undefined;
    show(current);
  });

  return {
    dom: img,
    update(updated) {
      if (updated.type !== initial.type) return false;
      current = updated;
      show(updated);
      return true;
    },
    destroy() {
      unsubscribe();
      src = undefined;
      release();
    },
  };
}

function setOptional(element: HTMLElement, name: string, value: unknown): void {
  if (typeof value === 'string' && value !== '') element.setAttribute(name, value);
  else element.removeAttribute(name);
}
