import type { CommentFile } from '@vmark/shared/lib/comments/index';
import type { CommentStorage } from './commentStorage';
import { injectedDelay, takeInjectedFailure, testFaults } from '../lib/testFaults';

/** How long reading or storing comments may take before the change counts as failed. */
export const COMMENT_STORAGE_TIMEOUT_MS = 5_000;

export class CommentStorageTimeout extends Error {}

export function withTimeout<T>(promise: Promise<T>, ms = COMMENT_STORAGE_TIMEOUT_MS): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<T>((_, reject) => {
    timer = setTimeout(() => reject(new CommentStorageTimeout(`comment storage did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, expired]).finally(() => clearTimeout(timer));
}

/** Reading and storing through the timeout (and the test faults). */
export class CommentIo {
  load(storage: CommentStorage): Promise<CommentFile | null> {
    if (testFaults.comments.disabled) return Promise.reject(new Error('comment storage is disabled'));
    return withTimeout(storage.load());
  }

  async save(storage: CommentStorage, file: CommentFile): Promise<void> {
    if (testFaults.comments.disabled) throw new Error('comment storage is disabled');
    await injectedDelay(testFaults.comments.saveDelayMs);
    if (takeInjectedFailure(testFaults.comments, 'failSaves')) {
      throw new Error('injected comment storage failure');
    }
    await withTimeout(storage.save(file));
  }
}

/** Web Lock per document, shared by all windows: stored comments change one writer at a time. */
export async function withDocLock<T>(docKey: string, mode: 'wait' | 'if-available', run: (held: boolean) => Promise<T>): Promise<T> {
  const name = `vmark-comments:${docKey}`;
  if (mode === 'if-available') return await navigator.locks.request(name, { ifAvailable: true }, (lock) => run(lock !== null));
  return await navigator.locks.request(name, { signal: AbortSignal.timeout(COMMENT_STORAGE_TIMEOUT_MS) }, () => run(true));
}
