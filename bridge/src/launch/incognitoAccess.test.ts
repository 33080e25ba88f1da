import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXTENSION_ID } from '@vmark/shared';
import { allowExtensionInIncognito } from './incognitoAccess';

const prefsOf = (profile: string) => JSON.parse(fs.readFileSync(path.join(profile, 'Default', 'Preferences'), 'utf8'));

describe('allowExtensionInIncognito', () => {
  it('writes the switch into a fresh profile', () => {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-prefs-'));
    allowExtensionInIncognito(profile);
    expect(prefsOf(profile).extensions.settings[EXTENSION_ID]).toEqual({ incognito: true });
  });

  it('keeps everything Chromium wrote before', () => {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-prefs-'));
    fs.mkdirSync(path.join(profile, 'Default'));
    const before = { browser: { window_placement: { left: 3 } }, extensions: { settings: { [EXTENSION_ID]: { state: 1, path: '/x' }, other: { state: 0 } } } };
    fs.writeFileSync(path.join(profile, 'Default', 'Preferences'), JSON.stringify(before));
    allowExtensionInIncognito(profile);
    const after = prefsOf(profile);
    expect(after.browser).toEqual(before.browser);
    expect(after.extensions.settings.other).toEqual({ state: 0 });
    expect(after.extensions.settings[EXTENSION_ID]).toEqual({ state: 1, path: '/x', incognito: true });
  });

  it('leaves an unreadable Preferences file alone', () => {
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-prefs-'));
    fs.mkdirSync(path.join(profile, 'Default'));
    fs.writeFileSync(path.join(profile, 'Default', 'Preferences'), '{broken');
    allowExtensionInIncognito(profile);
    expect(fs.readFileSync(path.join(profile, 'Default', 'Preferences'), 'utf8')).toBe('{broken');
  });
});
