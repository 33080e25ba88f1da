import { describe, expect, it } from 'vitest';
import type { WorkspaceFS } from '../../fs/WorkspaceFS';
import { ImageCache } from './workspaceImages';

function fakeFs(files: Record<string, { bytes: number; mtimeMs: number }>) {
  const reads: string[] = [];
  const fs = {
    async stat(path: string) {
      const file = files[path];
      return file ? { kind: 'file' as const, size: file.bytes, mtimeMs: file.mtimeMs } : null;
    },
    async readBytes(path: string) {
      reads.push(path);
      return new Blob([new Uint8Array(files[path]!.bytes)]);
    },
  } as unknown as WorkspaceFS;
  return { fs, reads, files };
}

describe('ImageCache', () => {
  it('reads a file once while it is unchanged, and again once it changed on disk', async () => {
    const { fs, reads, files } = fakeFs({ '/w/a.png': { bytes: 10, mtimeMs: 1 } });
    const cache = new ImageCache();
    const first = await cache.read(fs, 'w:/w/a.png', '/w/a.png');
    expect(await cache.read(fs, 'w:/w/a.png', '/w/a.png')).toBe(first);
    expect(reads).toEqual(['/w/a.png']);
    files['/w/a.png'] = { bytes: 12, mtimeMs: 2 };
    expect((await cache.read(fs, 'w:/w/a.png', '/w/a.png')).size).toBe(12);
    expect(reads).toEqual(['/w/a.png', '/w/a.png']);
  });

  it('rejects a missing file', async () => {
    const { fs } = fakeFs({});
    await expect(new ImageCache().read(fs, 'w:/w/gone.png', '/w/gone.png')).rejects.toThrow('no such file');
  });

  it('lets the least recently used images go past 32 MB', async () => {
    const mb = 1024 * 1024;
    const { fs, reads } = fakeFs({ '/a': { bytes: 20 * mb, mtimeMs: 1 }, '/b': { bytes: 10 * mb, mtimeMs: 1 }, '/c': { bytes: 10 * mb, mtimeMs: 1 } });
    const cache = new ImageCache();
    await cache.read(fs, 'a', '/a');
    await cache.read(fs, 'b', '/b');
    await cache.read(fs, 'a', '/a'); // a is now the most recent
    await cache.read(fs, 'c', '/c'); // 40 MB: b goes
    await cache.read(fs, 'a', '/a');
    await cache.read(fs, 'b', '/b');
    expect(reads).toEqual(['/a', '/b', '/c', '/b']);
  });
});
