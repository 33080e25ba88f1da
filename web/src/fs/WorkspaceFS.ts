import type { FsEntry, FsStat, SaveCause } from '@vmark/shared';

export interface WriteOptions {
  createOnly?: boolean;
  cause?: SaveCause;
}

/** The three kinds of workspace (Scratch on OPFS, a picked folder, a native folder) behind one interface. */
export interface WorkspaceFS {
  readonly kind: 'scratch' | 'picked' | 'native';
  /** Absolute MCP path of the root (a virtual one for Scratch: /vmark-scratch). */
  readonly root: string;
  readonly name: string;
  list(path: string): Promise<FsEntry[]>;
  readText(path: string): Promise<string>;
  /** The file's bytes (an image a document shows), typed by its extension. */
  readBytes(path: string): Promise<Blob>;
  /**
   * Replaces the file atomically; with createOnly, refuses (FsError EXISTS) when something is already there.
   * `cause` says who caused a document save, for the coherence capture (never fails the write).
   */
  writeText(path: string, content: string, options?: WriteOptions): Promise<FsStat>;
  stat(path: string): Promise<FsStat | null>;
  mkdir(path: string): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  remove(path: string): Promise<void>;
  /**
   * Calls `onChange` with the paths that changed on disk ('all' when the browser cannot say), as they
   * change; null when this file system cannot be observed (then polling finds the changes).
   */
  watch?(onChange: (paths: string[] | 'all') => void): (() => void) | null;
}

export class FsError extends Error {
  constructor(
    readonly code: 'NOT_FOUND' | 'EXISTS' | 'INVALID_PATH' | 'IO' | 'NO_HOST' | 'NOT_ALWAYS_READABLE',
    message: string,
  ) {
    super(message);
  }
}
