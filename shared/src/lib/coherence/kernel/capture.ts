import { contentHash, revisionId } from '../text/canonical';
import { readIdentity } from '../text/identity';
import type { Agent, Body } from '../ledger/entries';
import type { TrackedObject } from './coherenceIndex';
import { adoptSource } from './adopt';
import { carriedInputs } from './carryForward';
import type { CoherenceKernel } from './kernel';

export interface CaptureRequest {
  /** Workspace-relative path of the document that was just written. */
  path: string;
  /** The text that was written (as the person or the agent wrote it). */
  content: string;
  /** Documents it was derived from (workspace-relative paths), pinned at their current revision. */
  inputs?: string[];
  agent: Agent;
  intent: { kind: string; summary: string };
  confidence: 'exact' | 'inferred' | 'unknown';
  /** Minted once per logical save and reused on retries. */
  idem?: string;
}

export type CaptureResult =
  | { recorded: true; object: string; revision: string; skippedInputs: string[] }
  | { recorded: false; object: string | null; reason: string };

/**
 * Records a save in the ledger: snapshot, object registration, transformation. The document is
 * identified by the `vmark:` id it carries (files from the original VMark or older ledgers), else
 * by the ledger's registry of paths; a document never registered gets a new id, recorded only in
 * the ledger: the file is never changed for it.
 */
export async function capture(kernel: CoherenceKernel, request: CaptureRequest): Promise<CaptureResult> {
  const identity = readIdentity(request.content);
  if (identity.kind === 'malformed') return { recorded: false, object: null, reason: identity.reason };
  const { hash, masked } = contentHash(request.content);
  let id = identity.kind === 'id' ? identity.id : kernel.registeredAt(request.path)?.id;
  if (id === undefined) {
    const copy = kernel.heldPaths.get(request.path);
    if (copy?.hash === hash) {
      const original = kernel.index.objects.get(copy.object)?.path ?? copy.object;
      return { recorded: false, object: null, reason: `${request.path} has the same text as ${original} (a copy?); it gets an identity of its own once its text differs` };
    }
    kernel.heldPaths.delete(request.path);
    id = kernel.newId();
  }
  if (kernel.held.has(id)) {
    return { recorded: false, object: id, reason: `the document ${id} is in more than one file; capture is held until only one file has it` };
  }
  const known = kernel.index.objects.get(id);
  const object: TrackedObject | undefined = known && known.revisions.size > 0 ? known : undefined;
  const current = object ? kernel.currentRevision(object) : null;

  const explicit: Body<'transformation'>['inputs'] = [];
  const skippedInputs: string[] = [];
  for (const inputPath of new Set(request.inputs ?? [])) {
    // a source read but never saved through VMark is adopted as it is on disk, so the edge exists
    const upstream = kernel.objectAt(inputPath) ?? (inputPath === request.path ? undefined : await adoptSource(kernel, inputPath));
    const head = upstream ? kernel.currentRevision(upstream) : null;
    if (!upstream || upstream.id === id || !head) {
      if (inputPath !== request.path) skippedInputs.push(inputPath);
      continue;
    }
    explicit.push({ object: upstream.id, revision: head.id, role: 'direct' });
  }
  if (current && current.hash === hash && explicit.length === 0) {
    await registerPath(kernel, id, request.path, object);
    return { recorded: true, object: id, revision: current.id, skippedInputs };
  }
  const carried = object ? carriedInputs(kernel.index, object, current, new Set(explicit.map((i) => i.object))) : [];
  // a declaration on unchanged content re-records the same revision with new inputs
  const output =
    current && current.hash === hash
      ? { object: id, revision: current.id, content_hash: hash, parents: [...current.parents] }
      : { object: id, revision: revisionId(hash, current ? [current.id] : []), content_hash: hash, parents: current ? [current.id] : [] };

  await kernel.ledger.storeSnapshot(hash, masked);
  await registerPath(kernel, id, request.path, object);
  await kernel.append([
    kernel.entry(
      'transformation',
      { inputs: [...explicit, ...carried], outputs: [output], agent: request.agent, intent: request.intent, confidence: request.confidence },
      request.idem,
    ),
  ]);
  kernel.scanState?.files.set(request.path, { id, size: -1, mtimeMs: -1, hash, rev: output.revision });
  return { recorded: true, object: id, revision: output.revision, skippedInputs };
}

async function registerPath(kernel: CoherenceKernel, id: string, path: string, object: TrackedObject | undefined): Promise<void> {
  if (object && object.path === path) return kernel.index.setAbsent(object, false);
  await kernel.append([kernel.entry('object-registered', { object: id, path })]);
  kernel.index.setAbsent(kernel.index.object(id), false);
}
