import type { SaveCause } from '@vmark/shared';
import type { CaptureResult } from '@vmark/shared/lib/coherence/index';
import { relativeSegments } from '@vmark/shared/lib/paths/index';
import type { Agent } from '@vmark/shared/lib/coherence/ledger/entries';
import type { WorkspaceFS } from '../fs/WorkspaceFS';
import { workerKernelOf } from './coherenceClient';

/** Who saved and from what: the person's saves are exact, an AI's inferred from what its connection read. */
function describe(cause: SaveCause): { agent: Agent; confidence: 'exact' | 'inferred'; inputs: string[]; intent: string } {
  if (cause.by === 'person') return { agent: { type: 'human' }, confidence: 'exact', inputs: cause.inputs ?? [], intent: cause.inputs ? 'derive' : 'save' };
  const identity = cause.principal.identity;
  return { agent: identity?.kind === 'named' ? { type: 'model', id: identity.id } : { type: 'model' }, confidence: 'inferred', inputs: cause.inputs, intent: 'mcp-write' };
}

/** How long a save waits for its capture; past it the save stands and the next scan records the change. */
const CAPTURE_WAIT_MS = 10_000;

export interface PreparedCapture {
  /** Records the written save; never throws. */
  record(written: string): Promise<CaptureResult | null>;
}

function relative(root: string, path: string): string | null {
  const segments = relativeSegments(root, path);
  return segments && segments.length > 0 ? segments.join('/') : null;
}

function within<T>(work: Promise<T>, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>((resolve) => {
    timer = setTimeout(() => resolve(fallback), CAPTURE_WAIT_MS);
  });
  return Promise.race([work.catch(() => fallback), late]).finally(() => clearTimeout(timer));
}

/**
 * The capture of one save in a Scratch or picked-folder workspace, or null (a native folder, whose
 * saves `vmark host` captures as it writes them; not a markdown document). The file is written as
 * the tab holds it: the ledger, created at the first capture, says which document it is.
 */
export async function prepareCapture(fs: WorkspaceFS, path: string, cause: SaveCause): Promise<PreparedCapture | null> {
  const rel = relative(fs.root, path);
  if (fs.kind === 'native' || !rel || !/\.(md|markdown)$/i.test(rel)) return null;
  const kernel = workerKernelOf(fs);
  if (!kernel) return null;
  const spec = describe(cause);
  const inputs = spec.inputs.map((p) => relative(fs.root, p)).filter((p): p is string => p !== null && p !== rel);
  return {
    record: (written) =>
      within(
        kernel.then((api): Promise<CaptureResult> => api.capture({ path: rel, content: written, inputs, agent: spec.agent, intent: { kind: spec.intent, summary: '' }, confidence: spec.confidence })),
        null,
      ),
  };
}

/**
 * The person renamed or moved a file or folder of a Scratch or picked-folder workspace: its
 * documents keep their identity at the new paths (native folders: the host records its renames).
 * Never throws: a move it could not record is found by the next scan while the text is unchanged.
 */
export async function recordRename(fs: WorkspaceFS, from: string, to: string): Promise<void> {
  const relFrom = relative(fs.root, from);
  const relTo = relative(fs.root, to);
  const kernel = fs.kind === 'native' || !relFrom || !relTo ? null : workerKernelOf(fs);
  if (!kernel) return;
  await within(
    kernel.then((api) => api.moved(relFrom as string, relTo as string)),
    0,
  );
}
