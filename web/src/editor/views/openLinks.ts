import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import type { EditorView } from '@tiptap/pm/view';

/** Schemes a Ctrl/Cmd-click opens in a new browser tab. */
const OPENABLE = /^(https?:|mailto:)/i;

/**
 * Ctrl-click (Cmd-click on macOS) follows a link, as in code editors: a plain click places the
 * cursor to edit the text. `#id` scrolls to that heading or footnote in the document; web and
 * mail links open in a new tab, without a referrer and without access to this window; other links
 * go to `openDocument` (a markdown document of the workspace: workspaceLinks.ts).
 */
export function followLink(view: EditorView, target: EventTarget | null, openDocument?: (href: string) => boolean): boolean {
  if (!(target instanceof Element)) return false;
  const link = target.closest('a[href], sup[data-type="footnote-reference"]');
  if (!link || !view.dom.contains(link)) return false;
  const href = link.getAttribute('href') ?? `#fn-${link.getAttribute('data-label') ?? ''}`;
  if (href.startsWith('#')) {
    const id = decodeURIComponent(href.slice(1));
    const place = [...view.dom.querySelectorAll('[id]')].find((element) => element.id === id);
    place?.scrollIntoView({ block: 'start' });
    return place !== undefined;
  }
  if (!OPENABLE.test(href)) return openDocument?.(href) ?? false;
  window.open(href, '_blank', 'noopener,noreferrer');
  return true;
}

export const OpenLinks = Extension.create<{ openDocument: ((href: string) => boolean) | null }>({
  name: 'openLinks',
  addOptions: () => ({ openDocument: null }),
  addProseMirrorPlugins() {
    const openDocument = this.options.openDocument ?? undefined;
    return [
      new Plugin({
        key: new PluginKey('openLinks'),
        props: {
          handleDOMEvents: {
            click(view, event) {
              // a link inside rendered HTML (not editable) would take this window away
              const link = event.target instanceof Element && event.target.closest('a[href]');
              if (link && view.dom.contains(link)) event.preventDefault();
              const anchor = event.target instanceof Element && event.target.closest('a.heading-anchor, a.footnote-backref');
              if (!(event.ctrlKey || event.metaKey) && !anchor) return false;
              if (!followLink(view, event.target, openDocument)) return false;
              event.preventDefault();
              return true;
            },
          },
        },
      }),
    ];
  },
});
