/**
 * Whether `event` opens the browser's find bar or finds the next match in it (Ctrl/Cmd+F,
 * Ctrl/Cmd+G, F3). The find bar searches only text that is in the DOM and not hidden, so whatever
 * the editor leaves out for speed must be put in before the browser handles the key.
 *
 * Known limit: the find bar opened from the browser's menu sends the page no key and no event
 * (the page only sees `blur`, as for any switch away: acting on it would finish every parse and
 * show every block whenever the person turns to their AI client, holding the AI's calls to this
 * window behind the whole parse). So a find started that way misses text a progressive open has
 * not placed yet (until its background parse places it) and the blocks `OffscreenBlocks` keeps
 * `content-visibility: hidden` far from the viewport (Ctrl+F shows them). The one signal Chromium has is
 * `beforematch`, fired only on `hidden="until-found"` content the find has matched (checked
 * headless: a `#:~:text=` fragment fires it, `window.find` does not); using it means putting the
 * hidden text itself in the DOM, which the placeholders exist to avoid.
 */
export function opensFind(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  if (event.key === 'F3') return true;
  const key = event.key.toLowerCase();
  return (event.ctrlKey || event.metaKey) && !event.altKey && (key === 'f' || key === 'g');
}
