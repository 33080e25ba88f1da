import type { EntryOf } from '../ledger/entries';
import { isDocumentName } from '../ledger/storage';
import { contentHash, revisionId } from '../text/canonical';
import { readIdentity } from '../text/identity';
import type { TrackedObject } from './coherenceIndex';
import type { CoherenceKernel } from './kernel';
import { observedIdem, observedRegistration } from './observed';

/**
 * The entries that take a document the ledger never recorded into it as it is: registered at its
 * path, its text an observed-external root revision. Stores the snapshot.
 */
export async function adoption(
  kernel: CoherenceKernel,
  file: { id: string; path: string; hash: string; masked: string },
): Promise<{ rev: string; entries: [EntryOf<'object-registered'>, EntryOf<'transformation'>] }> {
  const rev = revisionId(file.hash, []);
  await kernel.ledger.storeSnapshot(file.hash, file.masked);
  return {
    rev,
    entries: [
      observedRegistration(kernel, file.id, file.path),
      kernel.entry(
        'transformation',
        {
          inputs: [],
          outputs: [{ object: file.id, revision: rev, content_hash: file.hash, parents: [] }],
          agent: { type: 'external' },
          intent: { kind: 'observed-external', summary: `adopted ${file.path}` },
          confidence: 'unknown',
        },
        observedIdem('transformation', file.id, '', rev),
      ),
    ],
  };
}

/**
 * A source a save names that was never saved through VMark: adopted with its text on disk, so the
 * derivation can pin it (the file itself is not touched). Undefined when it cannot be: not a
 * markdown document, gone, a malformed id, or a held copy.
 */
export async function adoptSource(kernel: CoherenceKernel, path: string): Promise<TrackedObject | undefined> {
  if (!isDocumentName(path) || kernel.registeredAt(path)) return undefined;
  const text = await kernel.storage.readText(path);
  if (text === null) return undefined;
  const identity = readIdentity(text);
  if (identity.kind === 'malformed') return undefined;
  const { hash, masked } = contentHash(text);
  if (kernel.heldPaths.get(path)?.hash === hash) return undefined;
  const id = identity.kind === 'id' ? identity.id : kernel.newId();
  if (kernel.held.has(id) || (kernel.index.objects.get(id)?.revisions.size ?? 0) > 0) return undefined;
  const { rev, entries } = await adoption(kernel, { id, path, hash, masked });
  await kernel.append(entries);
  kernel.scanState?.files.set(path, { id, size: -1, mtimeMs: -1, hash, rev });
  return kernel.index.objects.get(id);
}
