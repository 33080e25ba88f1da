import { describe, expect, it } from 'vitest';
import { keyEventParams } from './trustedInput';

describe('keyEventParams (CDP Input.dispatchKeyEvent for trusted act key)', () => {
  it('BRW-ACT-22 Enter types "\\r" (what submits a form) and carries its virtual key code', () => {
    const { down, up } = keyEventParams('Enter');
    expect(down).toMatchObject({ type: 'keyDown', key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, text: '\r', modifiers: 0 });
    expect(up).toMatchObject({ type: 'keyUp', key: 'Enter', windowsVirtualKeyCode: 13 });
  });

  it('Tab and Shift+Tab are raw key downs with the shift bit; a letter types itself', () => {
    expect(keyEventParams('Tab', { shift: true }).down).toMatchObject({ type: 'rawKeyDown', code: 'Tab', windowsVirtualKeyCode: 9, modifiers: 8 });
    expect(keyEventParams('a').down).toMatchObject({ type: 'keyDown', code: 'KeyA', windowsVirtualKeyCode: 65, text: 'a' });
  });

  it('a shortcut types nothing: Ctrl+A and Meta+Alt+7 are raw key downs with their modifier bits', () => {
    expect(keyEventParams('a', { ctrl: true }).down).toEqual({ type: 'rawKeyDown', key: 'a', code: 'KeyA', windowsVirtualKeyCode: 65, nativeVirtualKeyCode: 65, modifiers: 2 });
    expect(keyEventParams('7', { meta: true, alt: true }).down).toMatchObject({ type: 'rawKeyDown', code: 'Digit7', modifiers: 5 });
  });
});
