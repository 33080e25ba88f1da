import { describe, expect, it } from 'vitest';
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
