import fs from 'node:fs';
import path from 'node:path';
import type { SaveCause } from '@vmark/shared/protocol/messages';
import { capture, readIdentity, recordMove, type CaptureRequest } from '@vmark/shared/lib/coherence/index';
import { readAllowedRoots } from '../host/nativeFolders';
import { createLog } from '../host/log';
import { kernelAt } from './workspaceKernels';

let logger: ((message: string) => void) | null = null;
const hostLog = (message: string): void => (logger ??= createLog())(message);

const DOCUMENT = /\.(md|markdown)$/i;

const within = (root: string, target: string): boolean => {
  const rel = path.relative(root, target);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

/** The served root a file lies in (the innermost one), as a real path. */
function rootOf(file: string): string | null {
  const roots = readAllowedRoots().filter((root) => within(root, file));
  return roots.sort((a, b) => b.length - a.length)[0] ?? null;
}

function relativeInput(root: string, input: string): string | null {
  let real = input;
  try {
    real = fs.realpathSync(input);
  } catch {
    // a read document that is gone now: its path as given
  }
  return within(root, real) ? path.relative(root, real).split(path.sep).join('/') : null;
}

export interface PreparedCapture {
  /** Records the save in the ledger once the file is written; never throws. */
  record(): Promise<void>;
}

/**
 * A document save into a served native folder, captured with who caused it once the file is
 * written (the ledger `.vmark/` is created at the first capture). The file is written exactly as
 * sent: the document is identified in the ledger, never in its text. A write that is not a
 * document or names no cause is not captured.
 */
export async function prepareCapture(file: string, content: string, cause: SaveCause | undefined): Promise<PreparedCapture | null> {
  if (!cause || !DOCUMENT.test(file)) return null;
  const root = rootOf(file);
  if (!root) return null;
  try {
    const kernel = await kernelAt(root);
    if (readIdentity(content).kind === 'malformed') return null;
    const written = content;
    const rel = path.relative(root, file).split(path.sep).join('/');
    const inputs = (cause.inputs ?? []).map((input) => relativeInput(root, input)).filter((input): input is string => input !== null && input !== rel);
    const request: CaptureRequest =
      cause.by === 'person'
        ? // "Derived from…" is the person's save with declared inputs
          { path: rel, content: written, inputs, agent: { type: 'human' }, intent: { kind: cause.inputs ? 'derive' : 'save', summary: '' }, confidence: 'exact' }
        : {
            path: rel,
            content: written,
            inputs,
            agent: { type: 'model', ...(cause.principal.identity?.kind === 'named' ? { id: cause.principal.identity.id } : {}) },
            intent: { kind: 'mcp-write', summary: '' },
            confidence: 'inferred',
          };
    return {
      async record() {
        try {
          await kernel.ledger.init();
          const result = await kernel.writes.run(() => capture(kernel, request));
          if (!result.recorded) hostLog(`capture of ${rel} not recorded: ${result.reason}`);
        } catch (error) {
          // a capture never fails the save: the next scan records the change
          hostLog(`capture of ${rel} failed: ${(error as Error).message}`);
        }
      },
    };
  } catch (error) {
    hostLog(`capture of ${file} skipped: ${(error as Error).message}`);
    return null;
  }
}

/**
 * A file or folder of a served native folder renamed or moved through VMark: its documents keep
 * their identity at the new paths (a workspace without a ledger records nothing). Never throws.
 */
export async function recordRename(from: string, to: string): Promise<void> {
  const root = rootOf(from);
  if (!root || rootOf(to) !== root) return;
  const rel = (p: string) => path.relative(root, p).split(path.sep).join('/');
  try {
    await recordMove(await kernelAt(root), rel(from), rel(to));
  } catch (error) {
    // the next scan finds a move with unchanged content by itself
    hostLog(`recording the move of ${from} failed: ${(error as Error).message}`);
  }
}
