import { CoherenceKernel } from '../kernel/kernel';
import { saveWithCapture } from '../kernel/save';
import { MemoryStorage } from './memoryStorage';

export const WRITER_A = '0198c0de-0000-7000-8000-00000000000a';
export const WRITER_B = '0198c0de-0000-7000-8000-00000000000b';

/** A kernel over an in-memory workspace whose clock the test moves. */
export async function memoryKernel(storage = new MemoryStorage(), writer = WRITER_A, start = Date.parse('2026-12-01T10:00:00Z')) {
  let nowMs = start;
  const clock = { advance: (ms: number) => (nowMs += ms), now: () => new Date(nowMs) };
  const kernel = await CoherenceKernel.open(storage, { writer, now: () => new Date((nowMs += 1)) });
  const save = async (path: string, content: string, inputs: string[] = []) => {
    const outcome = await saveWithCapture(kernel, { path, content, inputs, agent: { type: 'human' }, intent: { kind: 'save', summary: `saved ${path}` }, confidence: 'exact' });
    if (!outcome.capture.recorded) throw new Error(`capture of ${path} not recorded: ${outcome.capture.reason}`);
    return outcome;
  };
  return { kernel, storage, clock, save };
}
