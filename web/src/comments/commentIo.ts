import type { CommentFile } from '@vmark/shared/lib/comments/index';
import type { CommentStorage } from './commentStorage';

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

/** Fault injection for the end-to-end tests (window.vmarkDebug.comments.faults). */
export interface CommentFaults {
  /** Storage refuses everything, as if IndexedDB or the folder were gone. */
  disabled: boolean;
  /** Each store waits this long first. */
  saveDelayMs: number;
  /** The next this-many stores fail. */
  failSaves: number;
}

/** Reading and storing through the faults and the timeout. */
export class CommentIo {
  readonly faults: CommentFaults = { disabled: false, saveDelayMs: 0, failSaves: 0 };

  load(storage: CommentStorage): Promise<CommentFile | null> {
    if (this.faults.disabled) return Promise.reject(new Error('comment storage is disabled'));
    return withTimeout(storage.load());
  }

  async save(storage: CommentStorage, file: CommentFile): Promise<void> {
    if (this.faults.disabled) throw new Error('comment storage is disabled');
    if (this.faults.saveDelayMs > 0) await new Promise((r) => setTimeout(r, this.faults.saveDelayMs));
    if (this.faults.failSaves > 0) {
      this.faults.failSaves--;
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
