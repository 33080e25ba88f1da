import type { SaveCause } from '@vmark/shared';
import { insertIdentity, readIdentity, uuidv7, type CaptureResult } from '@vmark/shared/lib/coherence/index';
import { relativeSegments } from '@vmark/shared/lib/paths/index';
import type { Agent } from '@vmark/shared/lib/coherence/ledger/entries';
import type { WorkspaceFS } from '../fs/WorkspaceFS';
import { workerKernelOf, isRecorded } from './coherenceClient';

/** Who saved and from what: the person's saves are exact, an AI's inferred from what its connection read. */
function describe(cause: SaveCause): { agent: Agent; confidence: 'exact' | 'inferred'; inputs: string[]; intent: string } {
  if (cause.by === 'person') return { agent: { type: 'human' }, confidence: 'exact', inputs: cause.inputs ?? [], intent: cause.inputs ? 'derive' : 'save' };
  const identity = cause.principal.identity;
  return { agent: identity?.kind === 'named' ? { type: 'model', id: identity.id } : { type: 'model' }, confidence: 'inferred', inputs: cause.inputs, intent: 'mcp-write' };
}

/** How long a save waits for its capture; past it the save stands and the next scan records the change. */
const CAPTURE_WAIT_MS = 10_000;

export interface PreparedCapture {
  /** The text to write: with the document's `vmark:` id added at its first capture. */
  withIdentity(content: string): string;
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
 * The capture of one save in a recorded Scratch or picked-folder workspace, or null (not recorded,
 * native folder, not a markdown document). The id comes from the text, else from the file on disk
 * (a tab opened before the first capture), else a new one: a document keeps one identity.
 */
export async function prepareCapture(fs: WorkspaceFS, path: string, cause: SaveCause): Promise<PreparedCapture | null> {
  const rel = relative(fs.root, path);
  // the worker starts only for a recorded workspace: a stat is all an unrecorded one costs a save
  // a native folder's saves are captured by `vmark host` as it writes them
  if (fs.kind === 'native' || !rel || !/\.(md|markdown)$/i.test(rel) || !(await isRecorded(fs))) return null;
  const kernel = workerKernelOf(fs);
  if (!kernel) return null;
  const disk = readIdentity((await fs.readText(path).catch(() => '')) ?? '');
  const id = disk.kind === 'id' ? disk.id : uuidv7();
  const spec = describe(cause);
  const inputs = spec.inputs.map((p) => relative(fs.root, p)).filter((p): p is string => p !== null && p !== rel);
  return {
    withIdentity: (content) => (readIdentity(content).kind === 'none' ? insertIdentity(content, id) : content),
    record: (written) =>
      within(
        kernel.then((api): Promise<CaptureResult> => api.capture({ path: rel, content: written, inputs, agent: spec.agent, intent: { kind: spec.intent, summary: '' }, confidence: spec.confidence })),
        null,
      ),
  };
}
