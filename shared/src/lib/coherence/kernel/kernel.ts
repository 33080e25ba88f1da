import { uuidv7 } from '../ids';
import { LEDGER_FORMAT, entryOrder, type Body, type Entry, type EntryOf, type KnownEntry, type KnownKind } from '../ledger/entries';
import { Ledger, quarantineIdem, type LedgerRead, type MalformedLine } from '../ledger/ledger';
import type { CoherenceStorage } from '../ledger/storage';
import { CoherenceIndex, type Revision, type TrackedObject } from './coherenceIndex';
import { DEFAULT_CONTEXT_ID, readContexts, type ResolvedContext } from './contexts';
import { timers, WriteQueue } from './errors';
import { alreadyRecorded } from './observed';
import { EdgeProjection, projectEdges, type EdgeRow, type ProjectedEdge } from './project';
import { heldCopiesWin, smallestPerIdem, type OrderKey } from './repeatedIdems';
import { SCAN_PROGRESS_DEFAULT, type ScanProgressOptions } from './scanProgress';
import type { ScanState } from './scanState';
import { coveredBytes, readIndexSnapshot, segmentsHold, SNAPSHOT_MIN_BYTES, worthSnapshot, writeIndexSnapshot } from './snapshot';
import { replayColumns } from './replayColumns';
import { replayEntries } from './replayEntries';

export interface KernelOptions {
  /** This installation's writer id (a UUID kept outside the workspace). */
  writer: string;
  now?: () => Date;
  newId?: () => string;
  /**
   * The index snapshot in `.vmark/cache/` (`snapshot.ts`): `false` neither reads nor writes it;
   * `minBytes` is the least replay worth writing one (default SNAPSHOT_MIN_BYTES).
   */
  snapshot?: false | { minBytes: number };
  /** How often a full scan saves its progress to the stat cache (default: every 2 s). */
  scanProgress?: Partial<ScanProgressOptions>;
}

/** How `open` built the index: from the snapshot plus the segments' tails, or by replaying the whole ledger. */
export interface OpenReport {
  from: 'snapshot' | 'replay';
  /** Ledger bytes replayed. */
  replayedBytes: number;
  snapshotWritten: boolean;
  /** How the whole ledger was replayed, when it was: in the snapshot's columns, or entry by entry (`replayColumns.ts`). */
  replayedAs?: 'columns' | 'entries';
}

/**
 * One workspace's coherence kernel: the ledger, the index derived from it, and the scan's memory
 * of the files. Pure over `CoherenceStorage`, so the host runs it for native folders and the
 * editor's worker for the others.
 */
export class CoherenceKernel {
  index = new CoherenceIndex();
  readonly ledger: Ledger;
  readonly writes = new WriteQueue();
  readonly now: () => Date;
  readonly newId: () => string;
  /** Malformed ledger lines found by the reads so far (status.quarantined). */
  quarantined = 0;
  private pendingQuarantine: MalformedLine[] = [];
  /** `(time, id)` of the entries applied since the index was built by a full read or loaded (`take`). */
  private readonly appliedKeys = new Map<string, OrderKey>();
  /** null: no snapshot is kept (`snapshot: false`); else the least replay worth a new one. */
  private snapshotMinBytes: number | null = null;
  /** Ledger bytes the snapshot on disk covers (0: none). */
  private snapshotCovered = 0;
  private snapshotWrite: Promise<void> | null = null;
  /** About how many bytes this kernel appended since its last read (the positions do not count them yet). */
  private unreadBytes = 0;
  /** Reads between `readNew` and applying what it read (the ledger's positions are ahead of the index meanwhile). */
  private reading = 0;
  /** Object ids the scan found at more than one path: captures of them are held. */
  readonly held = new Set<string>();
  /**
   * Paths the scan found holding a copy of a registered document's text (or one of several
   * candidates for a moved one): their captures are held while the text is still `hash`.
   */
  readonly heldPaths = new Map<string, { object: string; hash: string }>();
  scanState: ScanState | null = null;
  readonly scanProgress: ScanProgressOptions;
  opened: OpenReport = { from: 'replay', replayedBytes: 0, snapshotWritten: false };
  private readonly projection = new EdgeProjection();

  private constructor(
    readonly storage: CoherenceStorage,
    readonly writer: string,
    options: KernelOptions,
  ) {
    this.ledger = new Ledger(storage, writer);
    this.now = options.now ?? (() => new Date());
    this.newId = options.newId ?? (() => uuidv7(this.now().getTime()));
    this.scanProgress = { ...SCAN_PROGRESS_DEFAULT, ...options.scanProgress };
  }

  static async open(storage: CoherenceStorage, options: KernelOptions): Promise<CoherenceKernel> {
    const kernel = new CoherenceKernel(storage, options.writer, options);
    kernel.snapshotMinBytes = options.snapshot === false ? null : (options.snapshot?.minBytes ?? SNAPSHOT_MIN_BYTES);
    if (options.snapshot === false) {
      await kernel.refresh({ repair: false });
      kernel.opened = { from: 'replay', replayedBytes: coveredBytes(kernel.ledger.positions()), snapshotWritten: false, ...kernel.replayedAs() };
    } else await kernel.openFromSnapshot(options.snapshot?.minBytes ?? SNAPSHOT_MIN_BYTES);
    return kernel;
  }

  /**
   * Loads the index snapshot and replays each segment's tail; replays the whole ledger when there is
   * no trustworthy snapshot, or when the tail repeats an idem the snapshot holds (whether its copy
   * is the smallest `(time, id)` only the whole ledger tells). Writes a new snapshot when the replay was long.
   */
  private async openFromSnapshot(minBytes: number): Promise<void> {
    const snapshot = await readIndexSnapshot(this.storage);
    let covered = 0;
    let trusted = false;
    if (snapshot) {
      this.index = snapshot.index;
      this.quarantined = snapshot.quarantined;
      this.ledger.resume(snapshot.positions);
      const tail = await this.ledger.readNew();
      // a tail repeating an idem the snapshot holds: which copy is the smallest only the whole ledger tells
      if (!tail.reset && !tail.entries.some((e) => this.index.has(e.idem)) && this.take(tail)) {
        covered = snapshot.bytes;
        trusted = true;
      }
    }
    if (!trusted) await this.replay();
    const positions = this.ledger.positions();
    const replayedBytes = coveredBytes(positions) - covered;
    // a malformed line not yet diagnosed must be read again by the next open, so it is not covered
    const write = positions.size > 0 && this.diagnosed() && worthSnapshot(covered, replayedBytes, minBytes);
    const snapshotWritten = write && (await writeIndexSnapshot(this.storage, this.index, positions, this.quarantined));
    this.snapshotCovered = snapshotWritten ? coveredBytes(positions) : covered;
    this.opened = { from: trusted ? 'snapshot' : 'replay', replayedBytes, snapshotWritten, ...this.replayedAs() };
  }

  /**
   * Applies what other writers (and torn or malformed lines) added since the last read. With
   * `repair`, malformed lines are quarantined and diagnosed; reads that must not write leave that
   * for the next repairing read.
   */
  async refresh({ repair }: { repair: boolean }): Promise<void> {
    this.reading++;
    try {
      if (this.index.entryCount === 0 && this.ledger.positions().size === 0) await this.replay();
      else if (!this.take(await this.ledger.readNew())) await this.replay();
      this.unreadBytes = 0;
    } finally {
      this.reading--;
    }
    if (repair && this.pendingQuarantine.length > 0) {
      // a line already diagnosed (by this or another writer, or found twice) was copied to quarantine then: once per line
      const byIdem = new Map<string, MalformedLine>();
      for (const line of this.pendingQuarantine) {
        const idem = quarantineIdem(line);
        if (!this.index.has(idem)) byIdem.set(idem, line);
      }
      this.pendingQuarantine = [];
      if (byIdem.size > 0) await this.append(await this.ledger.quarantine([...byIdem.values()], this.time(), this.newId));
    }
    this.scheduleSnapshot();
  }

  /** Whether every malformed line read so far is diagnosed (else a snapshot must not cover it: the next open reads it again). */
  private diagnosed(): boolean {
    return this.pendingQuarantine.every((line) => this.index.has(quarantineIdem(line)));
  }

  /**
   * During a long session: once the ledger has grown past what the snapshot covers by as much as
   * opening would write a new one for (`worthSnapshot`), writes one after the current answer, in the
   * write queue (no save is being captured meanwhile). It never fails a call: a skipped or failed
   * write only means the next open replays more.
   */
  private scheduleSnapshot(): void {
    if (this.snapshotMinBytes === null || this.snapshotWrite !== null) return;
    const tail = coveredBytes(this.ledger.positions()) + this.unreadBytes - this.snapshotCovered;
    if (!worthSnapshot(this.snapshotCovered, tail, this.snapshotMinBytes)) return;
    this.snapshotWrite = new Promise<void>((done) => {
      timers.setTimeout(() => {
        this.writes
          .run(() => this.writeSnapshot())
          .catch(() => undefined)
          .finally(() => {
            this.snapshotWrite = null;
            done();
          });
      }, 0);
    });
  }

  private async writeSnapshot(): Promise<void> {
    await this.refresh({ repair: false });
    if (!(await segmentsHold(this.storage, this.ledger.positions()))) {
      // a segment rewritten under the offsets at the same size (a merge, a checkout): its fingerprints are stale, read it afresh
      this.reading++;
      try {
        await this.replay();
      } finally {
        this.reading--;
      }
    }
    // the index and the positions must describe the same lines: not while another read is between the two
    if (this.reading > 0 || !this.diagnosed()) return;
    const positions = this.ledger.positions();
    if (await writeIndexSnapshot(this.storage, this.index, positions, this.quarantined)) this.snapshotCovered = coveredBytes(positions);
  }

  /** Settles when no snapshot write is scheduled or running (tests, and a host closing the workspace). */
  async snapshotSettled(): Promise<void> {
    while (this.snapshotWrite) await this.snapshotWrite;
  }

  /**
   * Applies a read. False when it repeats an idem whose held copy may not be the smallest
   * `(time, id)` and only replaying the ledger can tell (`replay`).
   */
  private take(read: LedgerRead): boolean {
    // a segment shrank or vanished (a checkout, a merge): only the whole ledger tells the index now
    if (read.reset) return false;
    this.quarantined += read.malformed.length;
    this.pendingQuarantine.push(...read.malformed);
    const entries = smallestPerIdem(read.entries);
    const skipped: Entry[] = [];
    for (const entry of entries) {
      if (!this.index.apply(entry)) skipped.push(entry);
      else this.appliedKeys.set(entry.idem, { time: entry.time, id: entry.id });
    }
    return skipped.length === 0 || heldCopiesWin(entries, skipped, this.appliedKeys);
  }

  /** Rebuilds the index from the whole ledger: in columns when it holds only the usual lines, else entry by entry. */
  private async replay(): Promise<void> {
    const columns = await replayColumns(this.ledger);
    const { index, malformed } = columns ?? (await replayEntries(this.ledger));
    this.lastReplay = columns ? 'columns' : 'entries';
    this.index = index;
    this.quarantined = malformed.length;
    this.pendingQuarantine = [...malformed];
    this.appliedKeys.clear();
  }

  /** How the last full replay read the ledger (the open report's `replayedAs`). */
  private lastReplay: OpenReport['replayedAs'];

  private replayedAs(): Pick<OpenReport, 'replayedAs'> {
    return this.lastReplay ? { replayedAs: this.lastReplay } : {};
  }

  time(): string {
    return this.now().toISOString();
  }

  entry<K extends KnownKind>(kind: K, body: Body<K>, idem: string = this.newId()): EntryOf<K> {
    return { format: LEDGER_FORMAT, id: this.newId(), kind, time: this.time(), writer: this.writer, idem, body } as EntryOf<K>;
  }

  /** Appends entries whose idem the ledger does not hold yet (a retried operation never appears twice). */
  async append(entries: readonly (KnownEntry | Entry)[]): Promise<void> {
    const fresh = entries.filter((e) => !this.index.has(e.idem));
    if (fresh.length === 0) return;
    this.unreadBytes += await this.ledger.append(fresh);
    for (const entry of fresh) {
      this.index.apply(entry);
      // the next read returns these lines again: the key tells it they are the copies already held
      this.appliedKeys.set(entry.idem, { time: entry.time, id: entry.id });
    }
    this.scheduleSnapshot();
  }

  /**
   * Appends what a scan observed on disk, once however many windows and writers observe it: under
   * the storage's lock, after reading what others appended meanwhile, an entry whose idem the ledger
   * holds (`observedIdem`) or whose change it records under another (`alreadyRecorded`) is left out.
   * False when that read brought others' entries (or rebuilt the index): the scan worked on an
   * index they were not in yet.
   */
  async appendObserved(entries: readonly KnownEntry[]): Promise<boolean> {
    if (entries.length === 0) return true;
    const work = async (): Promise<boolean> => {
      const index = this.index;
      const count = index.entryCount;
      await this.refresh({ repair: false });
      const caughtUp = this.index === index && index.entryCount === count;
      await this.append(entries.filter((entry) => !alreadyRecorded(this.index, entry)));
      return caughtUp;
    };
    return this.storage.exclusive ? this.storage.exclusive(work) : work();
  }

  initialized(): Promise<boolean> {
    return this.ledger.initialized();
  }

  objectAt(path: string): TrackedObject | undefined {
    return this.index.atPath(path).find((object) => !object.absent);
  }

  /**
   * The document a file at `path` is by the ledger's registry: the object registered there, else
   * the last one that was (a deleted document saved again at its place is the same document).
   */
  registeredAt(path: string): TrackedObject | undefined {
    let best: TrackedObject | undefined;
    for (const object of this.index.atPath(path)) {
      if (object.revisions.size === 0) continue;
      if (!object.absent) return object;
      if (!best || !best.pathEntry || (object.pathEntry && entryOrder(best.pathEntry, object.pathEntry) < 0)) best = object;
    }
    return best;
  }

  /** The revision a new save of the object descends from: what the scan last saw on disk, else the single head. */
  currentRevision(object: TrackedObject): Revision | null {
    const seen = this.scanState?.files.get(object.path);
    if (seen?.id === object.id && seen.rev && object.revisions.has(seen.rev)) return object.revisions.get(seen.rev) ?? null;
    const heads = this.index.heads(object);
    return heads.length === 1 ? (object.revisions.get(heads[0] as string) ?? null) : null;
  }

  async contexts(): Promise<ResolvedContext[]> {
    return readContexts(this.storage);
  }

  async defaultContext(): Promise<ResolvedContext> {
    return (await this.contexts()).find((c) => c.id === DEFAULT_CONTEXT_ID) as ResolvedContext;
  }

  /** Every live edge with its state; the default context's projection is kept and updated per changed object. */
  async project(context?: ResolvedContext): Promise<ProjectedEdge[]> {
    if (context && context.id !== DEFAULT_CONTEXT_ID) return projectEdges(this.index, context, this.now());
    return this.projection.edges(this.index, context ?? (await this.defaultContext()), this.now());
  }

  /** The default context's edges in an open state, as `coherence.edges` lists them (the rows kept with the projection). */
  async openEdges(): Promise<EdgeRow[]> {
    return this.projection.openRows(this.index, await this.defaultContext(), this.now());
  }
}
