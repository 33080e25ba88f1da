import { sha256Hex } from '../ids';
import type { KnownEntry } from '../ledger/entries';
import type { TrackedObject } from './coherenceIndex';
import { externalEdit } from './externalEdit';
import type { CoherenceKernel } from './kernel';
import { observedRegistration } from './observed';
import type { ScanReport } from './scan';
import type { GitChange, GitHead, ScanState } from './scanState';
import type { StatCacheDraft } from './statCache';
import { bestUniqueMatches, lineBag, MAX_COMPARED_CHARS } from './similarity';

/** A document as the scan found it (the fields moves and copies need). */
interface LooseFile {
  path: string;
  hash: string;
  size: number;
  mtimeMs: number;
  /** Its masked canonical text when the scan read it ('' or absent when the stat cache spared the read). */
  masked?: string;
}

interface Placing {
  /** Documents with no identity: no `vmark:` key, at a path the registry does not know. */
  loose: LooseFile[];
  /** Registered documents no file was found for this scan. */
  vanished: TrackedObject[];
  /** The files found for each identified document. */
  live: { id: string; path: string; hash: string }[][];
  state: ScanState;
  entries: KnownEntry[];
  nextFiles: StatCacheDraft;
  report: ScanReport;
  git: { change: GitChange; head: GitHead | null };
}

/** The registered document at `path` (a live one over absent ones, else the latest registration). */
export function registeredPath(kernel: CoherenceKernel, path: string): TrackedObject | undefined {
  let best: TrackedObject | undefined;
  if (path === '') return best;
  for (const object of kernel.index.atPath(path)) {
    if (object.revisions.size === 0) continue;
    if (!best || (best.absent && !object.absent) || (best.absent === object.absent && (best.pathEntry?.time ?? '') < (object.pathEntry?.time ?? ''))) best = object;
  }
  return best;
}

function group<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
}

const duplicateIdem = (id: string, paths: readonly string[]): string => `duplicate:${sha256Hex(`${id}\n${paths.join('\n')}`)}`;

/**
 * Documents with no identity, matched by content against the registered ones:
 * - a registered document vanished and one new file has its text → a move (`object-registered`
 *   with the new path, no revision);
 * - several files have the text of one vanished document (or one file that of several) → which one
 *   it became is unknown: one `DUPLICATE_IDENTITY` diagnostic, its captures held until one file keeps it;
 * - a registered document vanished and one new file has a text similar enough (git's rename
 *   detection, `similarity.ts`), the unique best match both ways → moved and edited: the move plus
 *   a new revision for the edit (not while git checks out another revision: that is navigation);
 * - a file has the text of a document still in place → a copy: one `DUPLICATE_IDENTITY` diagnostic;
 *   the copy stays untracked and its capture is held while its text is the same (it gets an
 *   identity of its own once it differs), and takes the original's identity if the original goes.
 * Returns the ids of the vanished documents found moved.
 */
export async function placeLoose(kernel: CoherenceKernel, p: Placing): Promise<Set<string>> {
  const placed = new Set<string>();
  const settled = new Set<LooseFile>();
  const untracked = (file: LooseFile, copyOf?: string): void => {
    p.nextFiles.set(file.path, { id: '', size: file.size, mtimeMs: file.mtimeMs, hash: file.hash, rev: null, ...(copyOf ? { copyOf } : {}) });
  };
  if (p.loose.length === 0) return placed;

  const filesByHash = group(p.loose, (f) => f.hash);
  const lastHash = (object: TrackedObject): string => {
    const seen = p.state.files.get(object.path);
    return seen?.id === object.id && seen.hash ? seen.hash : (kernel.currentRevision(object)?.hash ?? '');
  };
  for (const [hash, gone] of group(p.vanished, lastHash)) {
    const files = filesByHash.get(hash);
    if (!files || hash === '') continue;
    if (gone.length === 1 && files.length === 1) {
      const object = gone[0] as TrackedObject;
      const file = files[0] as LooseFile;
      p.entries.push(observedRegistration(kernel, object.id, file.path));
      kernel.index.setAbsent(object, false);
      p.nextFiles.set(file.path, { id: object.id, size: file.size, mtimeMs: file.mtimeMs, hash, rev: kernel.currentRevision(object)?.id ?? null });
      p.report.moved++;
      placed.add(object.id);
      settled.add(file);
      continue;
    }
    for (const object of gone) {
      const paths = [object.path, ...files.map((f) => f.path)].sort();
      kernel.held.add(object.id);
      p.report.duplicates.push(object.id);
      p.entries.push(
        kernel.entry(
          'diagnostic',
          {
            code: 'DUPLICATE_IDENTITY',
            message: `${object.path} is gone and ${files.map((f) => f.path).join(', ')} have its text: which one it became is unknown; captures of it are held until one file keeps it — delete or edit the others`,
            object: object.id,
            paths,
          },
          duplicateIdem(object.id, paths),
        ),
      );
    }
    for (const file of files) {
      kernel.heldPaths.set(file.path, { object: (gone[0] as TrackedObject).id, hash });
      untracked(file, (gone[0] as TrackedObject).id);
      settled.add(file);
    }
  }

  let remaining = p.loose.filter((f) => !settled.has(f));
  if (remaining.length === 0) return placed;
  const liveByHash = new Map<string, { id: string; path: string }>();
  for (const found of p.live) if (found.length === 1) liveByHash.set((found[0] as { hash: string }).hash, found[0] as { id: string; path: string });
  if (p.git.change !== 'navigation') {
    const edited = await placeEdited(kernel, p, {
      gone: p.vanished.filter((o) => !placed.has(o.id) && !kernel.held.has(o.id)),
      files: remaining.filter((f) => f.masked && !liveByHash.has(f.hash)),
      lastHash,
    });
    for (const id of edited.placed) placed.add(id);
    remaining = remaining.filter((f) => !edited.settled.has(f));
  }
  for (const file of remaining) {
    const original = liveByHash.get(file.hash);
    if (!original || original.path === file.path) {
      untracked(file);
      continue;
    }
    const paths = [original.path, file.path].sort();
    kernel.heldPaths.set(file.path, { object: original.id, hash: file.hash });
    p.entries.push(
      kernel.entry(
        'diagnostic',
        {
          code: 'DUPLICATE_IDENTITY',
          message: `${file.path} has the same text as ${original.path} (a copy?): it stays a separate document, untracked until a save of it through VMark with different text gives it an identity of its own; if ${original.path} goes away, it becomes that document`,
          object: original.id,
          paths,
        },
        duplicateIdem(original.id, paths),
      ),
    );
    untracked(file, original.id);
  }
  return placed;
}

/** Vanished documents whose text a new file has, edited: each unique best match is a move plus an edit. */
async function placeEdited(
  kernel: CoherenceKernel,
  p: Placing,
  c: { gone: TrackedObject[]; files: LooseFile[]; lastHash: (object: TrackedObject) => string },
): Promise<{ placed: Set<string>; settled: Set<LooseFile> }> {
  const placed = new Set<string>();
  const settled = new Set<LooseFile>();
  const files = c.files.filter((f) => (f.masked as string).length <= MAX_COMPARED_CHARS);
  if (c.gone.length === 0 || files.length === 0) return { placed, settled };
  const gone: { object: TrackedObject; text: string }[] = [];
  for (const object of c.gone) {
    const text = c.lastHash(object) ? await kernel.ledger.readSnapshot(c.lastHash(object)) : null;
    if (text !== null && text.length <= MAX_COMPARED_CHARS) gone.push({ object, text });
  }
  const matches = bestUniqueMatches(
    gone.map((g) => lineBag(g.text)),
    files.map((f) => lineBag(f.masked as string)),
  );
  for (const [g, f] of matches) {
    const { object } = gone[g] as { object: TrackedObject };
    const file = files[f] as LooseFile;
    const base = kernel.currentRevision(object);
    p.entries.push(observedRegistration(kernel, object.id, file.path));
    const { rev, entry } = await externalEdit(kernel, { object, base, path: file.path, hash: file.hash, masked: file.masked as string, movedFrom: object.path }, p.git);
    p.entries.push(entry);
    kernel.index.setAbsent(object, false);
    p.nextFiles.set(file.path, { id: object.id, size: file.size, mtimeMs: file.mtimeMs, hash: file.hash, rev });
    p.report.moved++;
    p.report.changed++;
    placed.add(object.id);
    settled.add(file);
  }
  return { placed, settled };
}
