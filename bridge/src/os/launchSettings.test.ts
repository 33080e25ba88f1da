import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readLaunchSettings, writeLaunchSettings } from './launchSettings';

describe('launch settings', () => {
  let dir: string;
  const saved = process.env.VMARK_RUNTIME_DIR;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-launch-'));
    process.env.VMARK_RUNTIME_DIR = dir;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.VMARK_RUNTIME_DIR;
    else process.env.VMARK_RUNTIME_DIR = saved;
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('BRW-ACT-03 trusted input is off unless a VMark launch switched it on', () => {
    expect(readLaunchSettings()).toEqual({ allowLoopback: false, trustedInput: false });
    writeLaunchSettings({ allowLoopback: true, trustedInput: true });
    expect(readLaunchSettings()).toEqual({ allowLoopback: true, trustedInput: true });
    fs.writeFileSync(path.join(dir, 'launch.json'), JSON.stringify({ allowLoopback: true }));
    expect(readLaunchSettings()).toEqual({ allowLoopback: true, trustedInput: false });
  });
});
