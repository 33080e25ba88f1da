import fs from 'node:fs';
import path from 'node:path';
import type { SaveCause } from '@vmark/shared/protocol/messages';
import { capture, insertIdentity, LEDGER_MARKERS, readIdentity, type CaptureRequest } from '@vmark/shared/lib/coherence/index';
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

/** The id the file on disk already carries, so a save from a buffer that never held it keeps the document's identity. */
function idOnDisk(file: string): string | null {
  try {
    const read = readIdentity(fs.readFileSync(file, 'utf8'));
    return read.kind === 'id' ? read.id : null;
  } catch {
    return null;
  }
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
  /** The text to write: the document with its `vmark:` id (added at its first capture). */
  content: string;
  /** Records the save in the ledger once the file is written; never throws. */
  record(): Promise<void>;
}

/**
 * A document save into a native folder whose workspace keeps a coherence ledger (`.vmark/` at its
 * root): the id goes into the same write, then the save is captured with who caused it. Anything
 * else (no ledger, not a document, no cause) is written untouched and not captured.
 */
export async function prepareCapture(file: string, content: string, cause: SaveCause | undefined): Promise<PreparedCapture | null> {
  if (!cause || !DOCUMENT.test(file)) return null;
  const root = rootOf(file);
  if (!root || !LEDGER_MARKERS.some((marker) => fs.existsSync(path.join(root, marker)))) return null;
  try {
    const kernel = await kernelAt(root);
    const identity = readIdentity(content);
    if (identity.kind === 'malformed') return null;
    const written = identity.kind === 'none' ? insertIdentity(content, idOnDisk(file) ?? kernel.newId()) : content;
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
      content: written,
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
