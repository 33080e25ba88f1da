/**
 * The window's keyboard shortcuts, one table for the key handler and the command palette, so that
 * every shortcut the palette shows is one the window answers. `Ctrl` stands for Ctrl or Cmd.
 * New document is Ctrl+Alt+N: the browser keeps Ctrl+N (a new browser window) for itself.
 */
export const SHORTCUTS = {
  new: 'Ctrl+Alt+N',
  save: 'Ctrl+S',
  'save-as': 'Ctrl+Shift+S',
  palette: 'Ctrl+Shift+P',
  settings: 'Ctrl+,',
  mode: 'Ctrl+/',
  'tab-left': 'Ctrl+Shift+PageUp',
  'tab-right': 'Ctrl+Shift+PageDown',
} as const;

export type ShortcutCommand = keyof typeof SHORTCUTS;

export type KeyPress = Pick<KeyboardEvent, 'key' | 'code' | 'ctrlKey' | 'metaKey' | 'shiftKey' | 'altKey'>;

function matches(shortcut: string, event: KeyPress): boolean {
  const parts = shortcut.split('+');
  // 'Ctrl++' would name the plus key; no shortcut uses it
  const key = parts.pop()!;
  const wants = new Set(parts);
  if ((event.ctrlKey || event.metaKey) !== wants.has('Ctrl')) return false;
  if (event.shiftKey !== wants.has('Shift') || event.altKey !== wants.has('Alt')) return false;
  if (event.key.toLowerCase() === key.toLowerCase()) return true;
  // with Alt, macOS types a different character: the physical key decides
  return /^[A-Z]$/i.test(key) && event.code === `Key${key.toUpperCase()}`;
}

/** The command a key press is the shortcut of, if any. */
export function commandOfKey(event: KeyPress): ShortcutCommand | null {
  for (const [command, shortcut] of Object.entries(SHORTCUTS)) if (matches(shortcut, event)) return command as ShortcutCommand;
  return null;
}
