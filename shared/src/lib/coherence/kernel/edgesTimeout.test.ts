import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryKernel, WRITER_A } from '../testing/kernelFixture';
import { MemoryStorage } from '../testing/memoryStorage';
import { edges } from './answers';
import { CALL_LIMIT_MS, WRITE_WAIT_MS } from './errors';
import { CoherenceKernel } from './kernel';

/** A workspace whose documents cannot be read until the test lets them (a slow disk or folder), counting each read. */
class SlowStorage extends MemoryStorage {
  held = false;
  readonly documentReads = new Map<string, number>();
  private release: () => void = () => undefined;
  private gate: Promise<void> = Promise.resolve();

  hold(): void {
    this.held = true;
    this.gate = new Promise((resolve) => (this.release = resolve));
  }

  letThrough(): void {
    this.held = false;
    this.release();
  }

  override async readText(path: string): Promise<string | null> {
    if (path.endsWith('.md')) {
      this.documentReads.set(path, (this.documentReads.get(path) ?? 0) + 1);
      await this.gate;
    }
    return super.readText(path);
  }
}

afterEach(() => {
  vi.useRealTimers();
});

describe('edges past the call limit (COH-09)', () => {
  it('TIMEOUT leaves the scan running; reading again waits for it (no WRITE_BUSY) and answers without reading any document a second time', async () => {
    const storage = new SlowStorage();
    const { save } = await memoryKernel(storage);
    const elena = (await save('elena.md', 'Elena has green eyes.\n')).written;
    await save('chapter.md', 'Her green eyes.\n', ['elena.md']);
    storage.put('elena.md', elena.replace('green', 'grey'));
    // a kernel opened afresh (a new worker or host): its first scan reads every document
    const kernel = await CoherenceKernel.open(storage, { writer: WRITER_A });
    storage.documentReads.clear();
    storage.hold();
    vi.useFakeTimers();

    const first = edges(kernel);
    const firstOutcome = first.then(
      () => 'answered',
      (error: Error) => error.message,
    );
    await vi.advanceTimersByTimeAsync(CALL_LIMIT_MS);
    expect(await firstOutcome).toMatch(/^TIMEOUT: coherence\.edges did not finish within 20 s and is still running/);

    let again: string | null = null;
    const second = edges(kernel).then(
      (rows) => (again = JSON.stringify(rows.map((e) => [e.upstream_path, e.state]))),
      (error: Error) => (again = error.message),
    );
    // a write queued behind the running scan would have refused after 3 s
    await vi.advanceTimersByTimeAsync(WRITE_WAIT_MS + 2_000);
    expect(again).toBeNull();

    storage.letThrough();
    vi.useRealTimers();
    await second;
    expect(again).toBe(JSON.stringify([['elena.md', 'version-stale']]));
    expect(Object.fromEntries(storage.documentReads)).toEqual({ 'chapter.md': 1, 'elena.md': 1 });
  });

  it('a later edges reads only what changed since the last scan (its stat cache stays in the kernel)', async () => {
    const storage = new SlowStorage();
    const { save } = await memoryKernel(storage);
    await save('elena.md', 'Elena has green eyes.\n');
    const kernel = await CoherenceKernel.open(storage, { writer: WRITER_A });
    storage.documentReads.clear();
    await edges(kernel);
    storage.put('notes.md', 'A new note.\n');
    await edges(kernel);
    expect(Object.fromEntries(storage.documentReads)).toEqual({ 'elena.md': 1, 'notes.md': 1 });
  });
});
