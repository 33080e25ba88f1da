import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runService } from './nativeFolders';

describe('fs.readBytes and fs.write', () => {
  let root: string;
  let previousStateDir: string | undefined;

  beforeAll(() => {
    root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-readbytes-')));
    const state = path.join(root, 'state');
    fs.mkdirSync(path.join(root, 'served', 'img'), { recursive: true });
    fs.mkdirSync(state);
    fs.writeFileSync(path.join(state, 'native-roots.json'), JSON.stringify([path.join(root, 'served')]));
    previousStateDir = process.env.VMARK_STATE_DIR;
    process.env.VMARK_STATE_DIR = state;
  });

  afterAll(() => {
    if (previousStateDir === undefined) delete process.env.VMARK_STATE_DIR;
    else process.env.VMARK_STATE_DIR = previousStateDir;
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('returns a served file’s bytes as base64, binary intact', async () => {
    const bytes = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0xff, 0x0d, 0x0a]);
    const file = path.join(root, 'served', 'img', 'a.png');
    fs.writeFileSync(file, bytes);
    expect(Buffer.from((await runService({ op: 'fs.readBytes', path: file })) as string, 'base64')).toEqual(bytes);
  });

  it('a save refused because a folder stands at the path changes nothing and leaves no temp file behind', async () => {
    const folder = path.join(root, 'served', 'blocked.md');
    fs.mkdirSync(path.join(folder, 'inside'), { recursive: true });
    await expect(runService({ op: 'fs.write', path: folder, content: 'text\n' })).rejects.toThrow();
    expect(fs.statSync(folder).isDirectory()).toBe(true);
    expect(fs.readdirSync(path.join(root, 'served')).filter((name) => name.includes('blocked.md'))).toEqual(['blocked.md']);
  });

  it('refuses files outside the served folders and names a missing one', async () => {
    const outside = path.join(root, 'secret.bin');
    fs.writeFileSync(outside, 'x');
    await expect(runService({ op: 'fs.readBytes', path: outside })).rejects.toMatchObject({ code: 'INVALID_PATH' });
    await expect(runService({ op: 'fs.readBytes', path: path.join(root, 'served', 'none.png') })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
