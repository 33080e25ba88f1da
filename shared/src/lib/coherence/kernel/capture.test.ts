import { describe, expect, it } from 'vitest';
import { MemoryStorage, transformationsIn } from '../testing/memoryStorage';
import { memoryKernel } from '../testing/kernelFixture';
import { readIdentity } from '../text/identity';
import { edges } from './answers';
import { ReadTracker, saveWithCapture } from './save';

describe('capture on save', () => {
  it('the person\'s save: the file written exactly as saved, the document registered in the ledger, exact human transformation; a resave without change adds nothing', async () => {
    const { kernel, save, storage } = await memoryKernel();
    const { written } = await save('a.md', '# A\n');
    expect(written).toBe('# A\n');
    expect(storage.text('a.md')).toBe('# A\n');
    expect(readIdentity(written).kind).toBe('none');
    const registered = kernel.objectAt('a.md')!;
    expect(kernel.index.objects.size).toBe(1);
    await save('a.md', '# A, edited\n');
    expect(kernel.objectAt('a.md')).toBe(registered);
    expect(registered.revisions.size).toBe(2);
    const [txf] = transformationsIn(kernel.storage as MemoryStorage);
    expect(txf?.body).toMatchObject({ agent: { type: 'human' }, confidence: 'exact', inputs: [] });
    const count = kernel.index.entryCount;
    await save('a.md', '# A, edited\n');
    expect(kernel.index.entryCount).toBe(count);
  });

  it('a document that carries a vmark: id (original VMark, older ledgers) keeps being identified by it, and VMark adds nothing to other files', async () => {
    const { kernel, save, storage } = await memoryKernel();
    const legacy = '---\nvmark:\n  id: 0198c0de-0000-7000-8000-0000000000aa\ntitle: Elena\n---\nGreen eyes.\n';
    await save('elena.md', legacy);
    expect(kernel.objectAt('elena.md')?.id).toBe('0198c0de-0000-7000-8000-0000000000aa');
    expect(storage.text('elena.md')).toBe(legacy);
    // saved at another path, the key still says which document it is
    storage.remove('elena.md');
    await save('people/elena.md', legacy.replace('Green', 'Grey'));
    expect(kernel.objectAt('people/elena.md')?.id).toBe('0198c0de-0000-7000-8000-0000000000aa');
    expect(kernel.objectAt('people/elena.md')?.revisions.size).toBe(2);
  });

  it('an MCP write: the agent as actor, inferred, inputs = what the connection read since its last write, minus the target', async () => {
    const { kernel, save, storage } = await memoryKernel();
    const elena = (await save('elena.md', 'Elena has green eyes.\n')).written;
    await save('chapter.md', 'Draft.\n');
    const reads = new ReadTracker();
    reads.recordRead('conn-1', 'elena.md');
    reads.recordRead('conn-1', 'chapter.md');
    const chapter = (await storage.readText('chapter.md')) ?? '';
    const outcome = await saveWithCapture(kernel, {
      path: 'chapter.md',
      content: chapter.replace('Draft.', 'Her green eyes.'),
      inputs: reads.takeInputs('conn-1', 'chapter.md'),
      agent: { type: 'model', id: 'claude-code' },
      intent: { kind: 'mcp-write', summary: 'document.write' },
      confidence: 'inferred',
    });
    expect(outcome.capture.recorded).toBe(true);
    const last = transformationsIn(storage).at(-1);
    expect(last?.body).toMatchObject({ agent: { type: 'model', id: 'claude-code' }, confidence: 'inferred', inputs: [{ object: kernel.objectAt('elena.md')!.id, role: 'direct' }] });
    await save('elena.md', elena.replace('green', 'grey'));
    expect((await edges(kernel)).map((e) => [e.upstream_path, e.downstream_path, e.state])).toEqual([['elena.md', 'chapter.md', 'version-stale']]);
  });

  it('a derivation from a document never saved through VMark adopts the source as it is on disk (file untouched) and pins it, so its next change shows', async () => {
    const { kernel, save, storage } = await memoryKernel();
    storage.put('sheet.md', 'Elena has green eyes.\r\n');
    await save('chapter.md', 'Her green eyes.\n', ['sheet.md']);
    expect(storage.text('sheet.md')).toBe('Elena has green eyes.\r\n');
    expect(kernel.objectAt('sheet.md')?.revisions.size).toBe(1);
    expect(await edges(kernel)).toEqual([]);
    storage.put('sheet.md', 'Elena has grey eyes.\r\n');
    expect((await edges(kernel)).map((e) => [e.upstream_path, e.downstream_path, e.state])).toEqual([['sheet.md', 'chapter.md', 'version-stale']]);
  });

  it('"Derived from…" on an unchanged document records the inputs without a new revision', async () => {
    const { kernel, save } = await memoryKernel();
    await save('elena.md', 'Elena.\n');
    const { written } = await save('chapter.md', 'Chapter.\n');
    const revisions = kernel.objectAt('chapter.md')!.revisions.size;
    await save('chapter.md', written, ['elena.md']);
    expect(kernel.objectAt('chapter.md')!.revisions.size).toBe(revisions);
    expect((await kernel.project()).map((e) => e.state)).toEqual(['fresh']);
  });

  it('a capture that fails never fails the save: the file is written and the problem reported', async () => {
    const storage = new MemoryStorage();
    const { kernel } = await memoryKernel(storage);
    storage.append = async () => {
      throw new Error('disk full');
    };
    const outcome = await saveWithCapture(kernel, { path: 'a.md', content: 'kept\n', agent: { type: 'human' }, intent: { kind: 'save', summary: '' }, confidence: 'exact' });
    expect(storage.text('a.md')).toBe(outcome.written);
    expect(outcome.written).toContain('kept\n');
    expect(outcome.capture).toMatchObject({ recorded: false, reason: expect.stringMatching(/disk full.*the save is kept/) });
  });
});
