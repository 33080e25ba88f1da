import { sha256Hex } from '../ids';
import type { KnownEntry } from '../ledger/entries';
import type { FileStat } from '../ledger/storage';
import { contentHash } from '../text/canonical';
import { adoption } from './adopt';
import { readIdentity } from '../text/identity';
import { externalEdit } from './externalEdit';
import { forEachAhead } from './forEachAhead';
import type { TrackedObject } from './coherenceIndex';
import type { CoherenceKernel } from './kernel';
import { observedIdem, observedRegistration } from './observed';
import { placeLoose, registeredPath } from './scanMoves';
import { recordedRevision, ScanProgress } from './scanProgress';
import { classifyGitChange, loadScanState, readGitHead, saveScanState } from './scanState';
import { StatCache, StatCacheDraft, type SeenFile } from './statCache';

const PERSIST_AFTER_READS = 50;
/** Documents read ahead of the one being examined (how many reads are in flight at once). */
const READ_AHEAD = 16;

export interface ScanReport {
  changed: number;
  moved: number;
  adopted: number;
  absent: number;
  duplicates: string[];
  navigation: boolean;
  /** Files read this scan (the others matched the stat cache). */
  reads: number;
  /** Files looked at: every document, or only those the storage's watch reported changed. */
  examined: number;
}

interface Found {
  path: string;
  /** The document it is ('' for a document with no identity: no `vmark:` key, an unregistered path). */
  id: string;
  hash: string;
  masked: string;
  size: number;
  mtimeMs: number;
  /** Re-read this scan (size or mtime changed, or never seen). */
  read: boolean;
  /** Identified by the `vmark:` key it carries (a stat-cache hit counts as one), not by the registry. */
  keyed: boolean;
  /** Last scan found it a copy of this object (see scanMoves). */
  copyOf?: string;
}

/**
 * Scan reconciliation: brings the ledger in line with the files on disk. Unchanged files (same
 * size and mtime as last time) are not read. A document is identified by its `vmark:` key when it
 * carries one, else by the path the ledger registered for it; files moved or copied outside VMark
 * are matched by content (scanMoves). May append provenance; never changes a document.
 */
export async function reconcile(kernel: CoherenceKernel): Promise<ScanReport> {
  const storage = kernel.storage;
  const cold = kernel.scanState === null;
  const state = (kernel.scanState ??= await loadScanState(storage));
  const git = await readGitHead(storage);
  const gitChange = classifyGitChange(state.git, git);
  const report: ScanReport = { changed: 0, moved: 0, adopted: 0, absent: 0, duplicates: [], navigation: false, reads: 0, examined: 0 };
  const entries: KnownEntry[] = [];
  // held ids and paths are found again by every scan; a held object stays a move candidate
  const heldBefore = new Set(kernel.held);
  kernel.held.clear();
  kernel.heldPaths.clear();
  const byId = new Map<string, Found[]>();
  /** Files that need nothing: stat unchanged, the object known at this path (the common case, kept cheap). */
  const quiet = new Map<string, Found>();
  const note = (found: Found): void => {
    const other = quiet.get(found.id);
    if (other) {
      quiet.delete(found.id);
      push(byId, found.id, other);
    }
    push(byId, found.id, found);
  };
  /** Documents with no identity that may be a registered one moved or copied outside VMark. */
  const loose: Found[] = [];
  const files = await storage.walk();
  const delta = storage.walkDelta?.() ?? null;
  // Only the files the watch reports changed need a look when nothing else could have moved since
  // the last scan: the index took no entries but its own, nothing is held (no duplicate, no copy
  // kept untracked), HEAD stayed put.
  const incremental =
    delta !== null && !cold && gitChange === 'none' && heldBefore.size === 0 && state.mark?.index === kernel.index && state.mark.entries === kernel.index.entryCount && !state.files.hasCopies();
  // the new stat cache: the old one with the changes this scan makes (applied at the end), else built afresh
  const nextFiles = new StatCacheDraft(incremental ? state.files : new StatCache());
  let reads = 0;
  let progress: ScanProgress | null = null;
  /** A checkout changed a tracked file, if only back to a revision the ledger knows. */
  let checkedOut = false;

  /** What the stat cache knows of a file whose size and mtime are unchanged (it need not be read), else null. */
  const unchanged = (file: FileStat): SeenFile | null => {
    const seen = state.files.get(file.path);
    return seen && seen.size === file.size && seen.mtimeMs === file.mtimeMs && !(seen.id === '' && registeredPath(kernel, file.path)) ? seen : null;
  };
  /** `text` is the file's text when it was read (it is, unless the stat cache knows it), null when it has gone. */
  const examine = (file: FileStat, text: string | null): void => {
    report.examined++;
    const seen = unchanged(file);
    if (seen) {
      nextFiles.set(file.path, seen);
      if (seen.id === '') {
        // a document without an id (or with a diagnosed one): nothing to track, unless it was a copy
        if (seen.copyOf) loose.push({ path: file.path, id: '', hash: seen.hash, masked: '', size: file.size, mtimeMs: file.mtimeMs, read: false, keyed: false, copyOf: seen.copyOf });
        return;
      }
      const found = { path: file.path, id: seen.id, hash: seen.hash, masked: '', size: file.size, mtimeMs: file.mtimeMs, read: false, keyed: true };
      const object = kernel.index.objects.get(seen.id);
      if (object && object.path === file.path && !object.absent && !quiet.has(seen.id) && !byId.has(seen.id)) quiet.set(seen.id, found);
      else note(found);
      return;
    }
    reads++;
    if (text === null) return;
    const identity = readIdentity(text);
    if (identity.kind === 'malformed') {
      nextFiles.set(file.path, { id: '', size: file.size, mtimeMs: file.mtimeMs, hash: '', rev: null });
      entries.push(kernel.entry('diagnostic', { code: 'MALFORMED_IDENTITY', message: `${file.path}: ${identity.reason}`, paths: [file.path] }, `identity:${sha256Hex(`${file.path}\n${text}`)}`));
      return;
    }
    const { hash, masked } = contentHash(text);
    const id = identity.kind === 'id' ? identity.id : (registeredPath(kernel, file.path)?.id ?? '');
    const found: Found = { path: file.path, id, hash, masked, size: file.size, mtimeMs: file.mtimeMs, read: true, keyed: identity.kind === 'id' };
    if (id === '') {
      loose.push(found);
      return;
    }
    note(found);
    const rev = progress && recordedRevision(kernel, state, found);
    if (rev) progress?.settle(file.path, { id, size: file.size, mtimeMs: file.mtimeMs, hash, rev });
  };

  // A cold scan reads every document: the reads run ahead of the examining (a handle call or a
  // disk read each, mostly waiting), which stays in walk order.
  const examineAll = (list: readonly FileStat[]): Promise<void> =>
    forEachAhead<FileStat, string | null>(list, READ_AHEAD, (file) => (unchanged(file) ? null : storage.readText(file.path)), examine);

  /** Ids that were at a path the watch reported changed (an object whose file went may now be absent). */
  const left = new Set<string>();
  if (incremental) {
    for (const path of delta.removed) {
      const id = state.files.get(path)?.id;
      if (id) left.add(id);
      nextFiles.delete(path);
    }
    for (const file of delta.changed) {
      const id = state.files.get(file.path)?.id;
      if (id) left.add(id);
    }
    await examineAll(delta.changed);
    // an unchanged file carrying the id of a changed one: the object's registered path (a copy)
    for (const id of [...byId.keys()]) {
      const object = kernel.index.objects.get(id);
      const other = object && !object.absent ? nextFiles.get(object.path) : undefined;
      if (object && other?.id === id && !byId.get(id)?.some((f) => f.path === object.path)) {
        note({ path: object.path, id, hash: other.hash, masked: '', size: other.size, mtimeMs: other.mtimeMs, read: false, keyed: true });
      }
    }
  } else {
    // a full scan saves its progress as it goes: killed part-way, the next one resumes
    progress = new ScanProgress(kernel, state, kernel.scanProgress);
    try {
      await examineAll(files);
    } finally {
      await progress.stop();
    }
  }

  // a file carrying an object's `vmark:` key wins over a rewritten file at the object's registered path
  for (const [id, found] of byId) {
    if (found.length < 2 || !found.some((f) => f.keyed)) continue;
    const kept = found.filter((f) => f.keyed || !f.read);
    for (const f of found) if (!kept.includes(f)) loose.push({ ...f, id: '' });
    byId.set(id, kept);
  }

  for (const [id, found] of byId) {
    if (found.length > 1) {
      const paths = found.map((f) => f.path).sort();
      kernel.held.add(id);
      report.duplicates.push(id);
      entries.push(
        kernel.entry(
          'diagnostic',
          { code: 'DUPLICATE_IDENTITY', message: `${paths.join(', ')} carry the same vmark id ${id} (a copy?); captures of it are held until one file keeps it — give the copy a new id by removing its vmark: block`, object: id, paths },
          `duplicate:${sha256Hex(`${id}\n${paths.join('\n')}`)}`,
        ),
      );
      for (const f of found) nextFiles.set(f.path, state.files.get(f.path) ?? { id, size: -1, mtimeMs: -1, hash: f.hash, rev: null });
      continue;
    }
    kernel.held.delete(id);
    const file = found[0] as Found;
    const object = kernel.index.objects.get(id);
    if (!object || object.revisions.size === 0) {
      // a file with an id this ledger never saw: adopt it as an observed-external root
      const adopted = await adoption(kernel, { id, path: file.path, hash: file.hash, masked: file.masked || (await rereadMasked(kernel, file.path)) });
      const rev = adopted.rev;
      entries.push(...adopted.entries);
      nextFiles.set(file.path, { id, size: file.size, mtimeMs: file.mtimeMs, hash: file.hash, rev });
      report.adopted++;
      continue;
    }
    kernel.index.setAbsent(object, false);
    if (object.path !== file.path) {
      entries.push(observedRegistration(kernel, id, file.path));
      report.moved++;
    }
    const seen = state.files.get(file.path);
    const base = seen?.id === id && seen.rev && object.revisions.has(seen.rev) ? object.revisions.get(seen.rev) ?? null : kernel.currentRevision(object);
    if (file.read && seen && seen.hash !== file.hash) checkedOut ||= gitChange === 'navigation';
    if (!file.read || base?.hash === file.hash) {
      nextFiles.set(file.path, { id, size: file.size, mtimeMs: file.mtimeMs, hash: file.hash, rev: base?.id ?? seen?.rev ?? null });
      continue;
    }
    report.changed++;
    if (gitChange === 'navigation') {
      // a checkout shows another revision; it is not an edit and mints none
      const known = [...object.revisions.values()].find((r) => r.hash === file.hash);
      nextFiles.set(file.path, { id, size: file.size, mtimeMs: file.mtimeMs, hash: file.hash, rev: known?.id ?? null });
      continue;
    }
    const { rev, entry } = await externalEdit(kernel, { object, base, path: file.path, hash: file.hash, masked: file.masked }, { change: gitChange, head: git });
    entries.push(entry);
    nextFiles.set(file.path, { id, size: file.size, mtimeMs: file.mtimeMs, hash: file.hash, rev });
  }

  const missing = (o: TrackedObject | undefined): o is TrackedObject =>
    o !== undefined && o.revisions.size > 0 && !byId.has(o.id) && !quiet.has(o.id) && (!o.absent || heldBefore.has(o.id));
  // incremental: only objects whose file was at a changed path can have gone (unless still at their own, unchanged path)
  const candidates = incremental ? [...left].map((id) => kernel.index.objects.get(id)) : kernel.index.objects.values();
  const vanished = [...candidates].filter((o): o is TrackedObject => missing(o) && !(incremental && nextFiles.get(o.path)?.id === o.id));
  const live = [...byId.values(), ...[...quiet.values()].map((f) => [f])];
  // incremental: the documents left unexamined are live at their paths too (a new file may copy one)
  if (incremental && loose.length > 0) {
    for (const [path, seen] of nextFiles) if (seen.id !== '' && !byId.has(seen.id) && !quiet.has(seen.id)) live.push([{ path, id: seen.id, hash: seen.hash, masked: '', size: seen.size, mtimeMs: seen.mtimeMs, read: false, keyed: true }]);
  }
  const placed = await placeLoose(kernel, { loose, vanished, live, state, entries, nextFiles, report, git: { change: gitChange, head: git } });
  for (const object of vanished) {
    if (placed.has(object.id) || object.absent) continue;
    kernel.index.setAbsent(object, true);
    report.absent++;
  }

  if (gitChange === 'navigation' && (report.changed > 0 || checkedOut)) {
    report.navigation = true;
    const body = { op: state.git?.ref !== git?.ref ? (git?.ref ? 'branch-switch' : 'detach') : 'checkout', from: state.git?.commit ?? null, to: git?.commit ?? null, ref: git?.ref ?? null };
    entries.push(kernel.entry('navigation', body, observedIdem('navigation', '', kernel.index.lastNavigation?.idem ?? '', JSON.stringify(body))));
  }
  const alone = await kernel.appendObserved(entries);
  report.reads = reads;
  // others' entries taken just now (or a rebuilt index) were not in what this scan looked at: the next one looks at every file
  kernel.scanState = { git, files: nextFiles.commit(), ...(alone ? { mark: { index: kernel.index, entries: kernel.index.entryCount } } : {}) };
  // The stat cache only spares re-reading files: a few changed files are cheap to read again after
  // a restart, so it is written after a cold or a large scan and when git moved, not on every call.
  if ((cold || reads >= PERSIST_AFTER_READS || gitChange !== 'none') && (await kernel.initialized())) await saveScanState(storage, kernel.scanState);
  return report;
}

function push(map: Map<string, Found[]>, id: string, found: Found): void {
  const list = map.get(id);
  if (list) list.push(found);
  else map.set(id, [found]);
}

async function rereadMasked(kernel: CoherenceKernel, path: string): Promise<string> {
  return contentHash((await kernel.storage.readText(path)) ?? '').masked;
}
