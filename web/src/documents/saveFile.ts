import type { SaveCause } from '@vmark/shared';
import type { WorkspaceFS } from '../fs/WorkspaceFS';
import { announceSave } from './fileEvents';
import { takeSavePlace, lastSavedPlace, recordSavedPlace } from './saveOrder';

export type SaveResult =
  | { status: 'saved' }
  | { status: 'stale' }
  | { status: 'out-of-scope'; message: string }
  | { status: 'exists' }
  | { status: 'error'; message: string };

export interface SaveRequest {
  fs: WorkspaceFS;
  path: string;
  /** The identity of the file on disk (symlinks resolved) so saves through two names are ordered too. */
  fileKey: string;
  content: () => string;
  /** Re-checked when the save's turn comes: the scope may have changed while it waited. */
  stillInScope: () => string | null;
  createOnly?: boolean;
  /** The save's place in the order of saves, taken when it was requested (default: now). */
  place?: number;
  /** Who caused the save (the person, or an MCP connection with what it read): the coherence capture records it. */
  cause: SaveCause;
}

/**
 * One save: a place at request time, then the write under a per-file Web Lock held only while
 * writing. A later save that already reached the file wins; this one writes nothing (STALE).
 */
export async function saveFile(request: SaveRequest): Promise<SaveResult> {
  const place = request.place ?? (await takeSavePlace());
  return navigator.locks.request(`vmark-file:${request.fileKey}`, async (): Promise<SaveResult> => {
    if (lastSavedPlace(request.fileKey) > place) return { status: 'stale' };
    const scopeProblem = request.stillInScope();
    if (scopeProblem) return { status: 'out-of-scope', message: scopeProblem };
    const content = request.content();
    try {
      await request.fs.writeText(request.path, content, { ...(request.createOnly ? { createOnly: true } : {}), cause: request.cause });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'EXISTS') return { status: 'exists' };
      return { status: 'error', message: (error as Error).message };
    }
    recordSavedPlace(request.fileKey, place);
    announceSave(request.path, content);
    return { status: 'saved' };
  });
}

/** The file's identity: native paths are resolved by the host (symlinks); OPFS has none. */
export async function fileKeyOf(fs: WorkspaceFS, path: string, realpath: (p: string) => Promise<string>): Promise<string> {
  if (fs.kind !== 'native') return `${fs.kind}:${path}`;
  try {
    return `native:${await realpath(path)}`;
  } catch {
    return `native:${path}`;
  }
}
