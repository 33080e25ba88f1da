/**
 * Whether `event` opens the browser's find bar or finds the next match in it (Ctrl/Cmd+F,
 * Ctrl/Cmd+G, F3). The find bar searches only text that is in the DOM and not hidden, so whatever
 * the editor leaves out for speed must be put in before the browser handles the key.
 */
export function opensFind(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): boolean {
  if (event.key === 'F3') return true;
  const key = event.key.toLowerCase();
  return (event.ctrlKey || event.metaKey) && !event.altKey && (key === 'f' || key === 'g');
}
