import { describe, expect, it } from 'vitest';
import { appCommands, type CommandActions } from './appCommands';
import { commandOfKey, SHORTCUTS, type KeyPress } from './shortcuts';

/** The key press a person makes for a shortcut as the palette writes it. */
function press(shortcut: string): KeyPress {
  const parts = shortcut.split('+');
  const key = parts.pop()!;
  return {
    key: /^[A-Z]$/.test(key) && !parts.includes('Shift') ? key.toLowerCase() : key,
    code: /^[A-Z]$/.test(key) ? `Key${key}` : '',
    ctrlKey: parts.includes('Ctrl'),
    metaKey: false,
    shiftKey: parts.includes('Shift'),
    altKey: parts.includes('Alt'),
  };
}

describe('keyboard shortcuts', () => {
  it('every shortcut the command palette shows runs that command', () => {
    const ran: string[] = [];
    const actions = new Proxy({} as CommandActions, { get: (_, name) => (...args: unknown[]) => ran.push([String(name), ...args].join(' ')) });
    const commands = appCommands(actions);
    const shown = commands.filter((command) => command.shortcut);
    expect(shown.length).toBeGreaterThanOrEqual(6);
    for (const command of shown) {
      const answered = commandOfKey(press(command.shortcut!));
      expect(answered, `${command.title} (${command.shortcut})`).toBe(command.id);
      ran.length = 0;
      commands.find((candidate) => candidate.id === answered)!.run();
      expect(ran, command.title).toHaveLength(1);
    }
  });

  it('the browser-reserved Ctrl+N is not offered; Ctrl or Cmd counts, extra modifiers do not match', () => {
    expect(Object.values(SHORTCUTS)).not.toContain('Ctrl+N');
    expect(commandOfKey({ ...press('Ctrl+S'), ctrlKey: false, metaKey: true })).toBe('save');
    expect(commandOfKey({ ...press('Ctrl+S'), altKey: true })).toBeNull();
    expect(commandOfKey(press('Ctrl+Shift+P'))).toBe('palette');
    expect(commandOfKey({ ...press('Ctrl+Alt+N'), key: '˜' })).toBe('new'); // macOS: Option changes the character
    expect(commandOfKey(press('S'))).toBeNull();
  });
});
