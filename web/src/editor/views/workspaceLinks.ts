import type { WindowStore } from '../../state/store';
import { openFile } from '../../state/windowActions';
import { workspaceImagePath } from './imageSource';

/** A link to a markdown document by a relative or workspace path, with an optional `#heading`. */
const MARKDOWN_LINK = /^(?![a-z][a-z\d+.-]*:|\/\/)([^?#]*\.(?:md|markdown))(?:\?[^#]*)?(?:#(.*))?$/i;

export type DocumentOpener = (href: string) => boolean;

/**
 * Ctrl/Cmd-click on `[setup](docs/setup.md#install)`: the document opens in its tab (the one open
 * already, or a new one) and scrolls to the heading. A link that leaves the workspace says so.
 */
export function workspaceDocumentOpener(store: WindowStore, tabId: string): DocumentOpener {
  return (href) => {
    const match = MARKDOWN_LINK.exec(href);
    if (!match) return false;
    const tab = store.tab(tabId);
    const workspace = store.getSnapshot().workspaces.find((candidate) => candidate.id === tab?.workspaceInstanceId);
    const path = tab && workspace ? workspaceImagePath(match[1]!, tab.filePath, workspace.fs.root) : null;
    if (!tab || !workspace || !path) {
      store.notify(
        tab?.filePath
          ? `"${match[1]}" is outside this workspace, so it does not open from here: open its folder as a workspace (Open folder…) and follow the link there.`
          : `"${match[1]}" is relative to this document's folder, and this document has none yet: save it into the workspace first.`,
      );
      return true;
    }
    openFile(store, workspace.fs, workspace.id, path).then(
      () => match[2] && scrollToHeading(decodeURIComponent(match[2])),
      (error: unknown) => store.notify(`"${match[1]}" could not be opened (${error instanceof Error ? error.message : String(error)}): check that the file exists.`),
    );
    return true;
  };
}

/** The opened document mounts its editor after this: wait for the heading to appear, up to 5 s. */
function scrollToHeading(id: string): void {
  const find = () => [...document.querySelectorAll('.wysiwyg [id]')].find((element) => element.id === id);
  const deadline = Date.now() + 5000;
  const attempt = () => {
    const heading = find();
    if (heading) heading.scrollIntoView({ block: 'start' });
    else if (Date.now() < deadline) requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
