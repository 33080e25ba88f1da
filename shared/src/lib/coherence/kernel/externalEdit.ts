import type { Body, EntryOf } from '../ledger/entries';
import { revisionId } from '../text/canonical';
import { carriedInputs } from './carryForward';
import type { Revision, TrackedObject } from './coherenceIndex';
import type { CoherenceKernel } from './kernel';
import { observedIdem } from './observed';
import type { GitChange, GitHead } from './scanState';

/**
 * The revision a scan records for a document whose text changed outside VMark (edited, or moved
 * and edited): it descends from `base`, keeps its pins, and is the git's when git changed the
 * file (a commit or merge), else an observed external edit. Stores the text's snapshot.
 */
export async function externalEdit(
  kernel: CoherenceKernel,
  change: { object: TrackedObject; base: Revision | null; path: string; hash: string; masked: string; movedFrom?: string },
  git: { change: GitChange; head: GitHead | null },
): Promise<{ rev: string; entry: EntryOf<'transformation'> }> {
  const { object, base, path, hash } = change;
  const rev = revisionId(hash, base ? [base.id] : []);
  await kernel.ledger.storeSnapshot(hash, change.masked);
  const byGit = git.change === 'mutation';
  const body: Body<'transformation'> = {
    inputs: carriedInputs(kernel.index, object, base, new Set()),
    outputs: [{ object: object.id, revision: rev, content_hash: hash, parents: base ? [base.id] : [] }],
    agent: byGit ? { type: 'git' } : { type: 'external' },
    intent: byGit ? { kind: 'git-merge', summary: `${path} changed by git on ${git.head?.ref ?? 'a detached HEAD'}` } : { kind: 'observed-external', summary: change.movedFrom ? `${change.movedFrom} moved to ${path} and edited outside VMark` : `${path} edited outside VMark` },
    confidence: byGit ? 'exact' : 'unknown',
  };
  // two windows (or writers) that observe the same edit name it the same: the ledger holds it once
  return { rev, entry: kernel.entry('transformation', body, observedIdem('transformation', object.id, base?.id ?? '', rev)) };
}
