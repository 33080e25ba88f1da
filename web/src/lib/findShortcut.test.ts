import { describe, expect, it } from 'vitest';
import { opensFind } from './findShortcut';

const press = (key: string, mods: { ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean } = {}) => ({ key, ctrlKey: false, metaKey: false, altKey: false, ...mods });

describe('opensFind', () => {
  it('is Ctrl/Cmd+F, Ctrl/Cmd+G (find next, also with Shift) and F3', () => {
    expect(opensFind(press('f', { ctrlKey: true }))).toBe(true);
    expect(opensFind(press('F', { metaKey: true }))).toBe(true);
    expect(opensFind(press('g', { ctrlKey: true }))).toBe(true);
    expect(opensFind(press('G', { ctrlKey: true }))).toBe(true);
    expect(opensFind(press('F3'))).toBe(true);
  });

  it('is not typing, other shortcuts or AltGr combinations', () => {
    expect(opensFind(press('f'))).toBe(false);
    expect(opensFind(press('s', { ctrlKey: true }))).toBe(false);
    expect(opensFind(press('f', { ctrlKey: true, altKey: true }))).toBe(false);
    expect(opensFind(press('F2'))).toBe(false);
  });
});
