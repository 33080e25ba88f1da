import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { runService } from './nativeFolders';

describe('host service ops', () => {
  it('net.resolve gives the addresses the OS resolver has for a name', async () => {
    const addresses = (await runService({ op: 'net.resolve', hostname: 'localhost' })) as string[];
    expect(addresses.length).toBeGreaterThan(0);
    expect(addresses.every((a) => a === '::1' || a.startsWith('127.'))).toBe(true);
  });

  it('net.resolve of a name that does not exist is an error, not an empty list', async () => {
    await expect(runService({ op: 'net.resolve', hostname: 'no-such-host.invalid' })).rejects.toMatchObject({ code: expect.any(String) });
  }, 30_000);

  it('editor.origins always includes the default editor port', async () => {
    expect(await runService({ op: 'editor.origins' })).toEqual(expect.arrayContaining(['http://127.0.0.1:47321', 'http://localhost:47321']));
  });
});

describe('fs.write on a served folder', () => {
  it('writes through a symlink to the file it points at; the link stays a link', async () => {
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-write-')));
    vi.stubEnv('VMARK_STATE_DIR', path.join(root, 'state'));
    fs.mkdirSync(path.join(root, 'state'));
    fs.writeFileSync(path.join(root, 'state', 'native-roots.json'), JSON.stringify([path.join(root, 'ws')]));
    fs.mkdirSync(path.join(root, 'ws'));
    fs.writeFileSync(path.join(root, 'ws', 'real.md'), 'old\n');
    fs.symlinkSync('real.md', path.join(root, 'ws', 'link.md'));
    try {
      await runService({ op: 'fs.write', path: path.join(root, 'ws', 'link.md'), content: 'new\n' });
      expect(fs.lstatSync(path.join(root, 'ws', 'link.md')).isSymbolicLink()).toBe(true);
      expect(fs.readFileSync(path.join(root, 'ws', 'real.md'), 'utf8')).toBe('new\n');
      expect(fs.readdirSync(path.join(root, 'ws')).sort()).toEqual(['link.md', 'real.md']);
    } finally {
      vi.unstubAllEnvs();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('fs.write createOnly', () => {
  it('WSP-SAVEAS-08 WSP-SAVEAS-09 never replaces a file that is there, and is refused where the drive cannot create-only', async () => {
    const fsPromises = (await import('node:fs/promises')).default;
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-create-')));
    vi.stubEnv('VMARK_STATE_DIR', path.join(root, 'state'));
    fs.mkdirSync(path.join(root, 'state'));
    fs.writeFileSync(path.join(root, 'state', 'native-roots.json'), JSON.stringify([path.join(root, 'ws')]));
    fs.mkdirSync(path.join(root, 'ws'));
    const there = path.join(root, 'ws', 'there.md');
    fs.writeFileSync(there, 'the person\u2019s text\n');
    try {
      await expect(runService({ op: 'fs.write', path: there, content: 'AI text\n', createOnly: true })).rejects.toMatchObject({ code: 'EXISTS' });
      expect(fs.readFileSync(there, 'utf8')).toBe('the person\u2019s text\n');
      // a drive without hard links (FAT, some network shares) cannot put a file in place only if absent
      const link = vi.spyOn(fsPromises, 'link').mockRejectedValue(Object.assign(new Error('operation not permitted'), { code: 'EPERM' }));
      const fresh = path.join(root, 'ws', 'fresh.md');
      await expect(runService({ op: 'fs.write', path: fresh, content: 'AI text\n', createOnly: true })).rejects.toMatchObject({ code: 'IO' });
      expect(fs.existsSync(fresh)).toBe(false);
      expect(fs.readdirSync(path.join(root, 'ws')).sort()).toEqual(['there.md']);
      link.mockRestore();
    } finally {
      vi.unstubAllEnvs();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('fs.write on a full disk', () => {
  it('leaves the file as it was and no part of the temp file behind (bench/faults found one per failed save)', async () => {
    const fsPromises = (await import('node:fs/promises')).default;
    const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-full-')));
    vi.stubEnv('VMARK_STATE_DIR', path.join(root, 'state'));
    fs.mkdirSync(path.join(root, 'state'));
    fs.writeFileSync(path.join(root, 'state', 'native-roots.json'), JSON.stringify([path.join(root, 'ws')]));
    fs.mkdirSync(path.join(root, 'ws'));
    const file = path.join(root, 'ws', 'notes.md');
    fs.writeFileSync(file, 'saved\n');
    const realWriteFile = fsPromises.writeFile.bind(fsPromises);
    // what ENOSPC does: the first bytes reach the temp file, then the write fails
    const writeFile = vi.spyOn(fsPromises, 'writeFile').mockImplementationOnce(async (target, _content, options) => {
      await realWriteFile(target as string, 'the first blo', options as { flag: string });
      throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    });
    try {
      await expect(runService({ op: 'fs.write', path: file, content: 'the first block and the rest\n' })).rejects.toThrow(/ENOSPC|no space/);
      expect(fs.readFileSync(file, 'utf8')).toBe('saved\n');
      expect(fs.readdirSync(path.join(root, 'ws'))).toEqual(['notes.md']);
    } finally {
      writeFile.mockRestore();
      vi.unstubAllEnvs();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
