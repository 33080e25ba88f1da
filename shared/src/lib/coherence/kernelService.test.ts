import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '@vmark/shared/lib/coherence/testing/memoryStorage';
import { KernelService } from './kernelService';

const WRITER = '0198c0de-0000-7000-8000-00000000000a';

/** A save as the editor makes it: the file written as the tab holds it, then captured. */
async function save(service: KernelService, storage: MemoryStorage, path: string, body: string, inputs: string[] = []) {
  const content = body;
  await storage.writeAtomic(path, content);
  return service.capture({ path, content, inputs, agent: { type: 'human' }, intent: { kind: 'save', summary: '' }, confidence: 'exact' });
}

describe('the kernel service (the panel\'s and the worker\'s) (over an in-memory workspace)', () => {
  it('creates no .vmark/ before the first capture, and creates it at the first capture without touching the document', async () => {
    const storage = new MemoryStorage();
    const service = await KernelService.open(storage, WRITER);
    expect(await service.panel()).toEqual({ ok: true, data: expect.objectContaining({ tracked: false, edges: [] }) });
    expect([...storage.files.keys()]).toEqual([]);
    expect(await save(service, storage, 'elena.md', 'green\n')).toMatchObject({ recorded: true });
    expect(storage.text('elena.md')).toBe('green\n');
    expect(storage.text('.vmark/.gitattributes')).toContain('merge=union');
    expect(await service.panel()).toEqual({ ok: true, data: expect.objectContaining({ tracked: true, objects: [expect.objectContaining({ path: 'elena.md' })] }) });
  });

  it('a rename in the app keeps the identity even when the text changed before the next scan', async () => {
    const storage = new MemoryStorage();
    const service = await KernelService.open(storage, WRITER);
    await save(service, storage, 'notes/elena.md', 'Elena.\n');
    await save(service, storage, 'chapter.md', 'Chapter.\n', ['notes/elena.md']);
    storage.move('notes/elena.md', 'people/elena.md');
    expect(await service.moved('notes', 'people')).toBe(1);
    storage.put('people/elena.md', 'Elena, edited.\n');
    expect(await service.edges()).toEqual({ ok: true, data: [expect.objectContaining({ upstream_path: 'people/elena.md', state: 'version-stale' })] });
  });

  it('shows a derived document going stale, the diff since the pinned revision, and the person\'s resolutions', async () => {
    const storage = new MemoryStorage();
    const service = await KernelService.open(storage, WRITER);
    await save(service, storage, 'elena.md', 'Elena has green eyes.\n');
    await save(service, storage, 'chapter.md', 'Her green eyes.\n', ['elena.md']);
    await save(service, storage, 'elena.md', 'Elena has grey eyes.\n');

    const panel = await service.panel();
    if (!panel.ok) throw new Error(panel.message);
    expect(panel.data.objects.map((o) => o.path)).toEqual(['chapter.md', 'elena.md']);
    const [edge] = panel.data.edges;
    expect(edge).toMatchObject({ downstream_path: 'chapter.md', upstream_path: 'elena.md', state: 'version-stale' });
    expect(await service.diff(edge!.txf, edge!.input)).toEqual({ ok: true, data: { upstream_path: 'elena.md', pinned: 'Elena has green eyes.\n', current: 'Elena has grey eyes.\n' } });

    expect(await service.resolveAsPerson({ txf: edge!.txf, input: edge!.input, resolution: 'waive' })).toEqual({ ok: false, message: expect.stringMatching(/needs a reason/) });
    expect(await service.recordCheck({ txf: edge!.txf, input: edge!.input, verdict: 'unknown' })).toMatchObject({ ok: true });
    expect(await service.edges()).toEqual({ ok: true, data: [expect.objectContaining({ state: 'stale-unknown' })] });
    expect(await service.resolveAsPerson({ txf: edge!.txf, input: edge!.input, resolution: 'accept-newer' })).toMatchObject({ ok: true });
    expect(await service.edges()).toEqual({ ok: true, data: [] });
  });

  it('refuses a grant with no client name or no expiry, and lists a grant until it is revoked', async () => {
    const service = await KernelService.open(new MemoryStorage(), WRITER);
    const later = new Date(Date.now() + 86_400_000).toISOString();
    expect(await service.grant({ delegate: ' ', scope: ['resolve.waive'], expires: later })).toEqual({ ok: false, message: expect.stringMatching(/Name the client/) });
    expect(await service.grant({ delegate: 'cursor', scope: ['resolve.waive'], expires: '' })).toEqual({ ok: false, message: expect.stringMatching(/expiry/) });
    expect(await service.grant({ delegate: 'cursor', scope: ['resolve.waive'], expires: new Date(Date.now() - 1000).toISOString() })).toEqual({ ok: false, message: expect.stringMatching(/expire in the future/) });
    const granted = await service.grant({ delegate: 'cursor', scope: ['resolve.waive'], expires: later });
    if (!granted.ok) throw new Error(granted.message);
    expect((await service.panel()) as unknown).toMatchObject({ ok: true, data: { grants: [{ delegate: 'cursor', scope: ['resolve.waive'], expired: false }] } });
    expect(await service.revoke(granted.data)).toMatchObject({ ok: true });
    expect((await service.panel()) as unknown).toMatchObject({ ok: true, data: { grants: [] } });
  });
});
