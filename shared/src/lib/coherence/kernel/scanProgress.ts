import type { CoherenceStorage } from '../ledger/storage';
import type { TrackedObject } from './coherenceIndex';
import type { CoherenceKernel } from './kernel';
import { saveScanState, type ScanState } from './scanState';
import type { SeenFile } from './statCache';

/** How often a full scan saves its progress to the stat cache: after this many files settled or this long, whichever comes first. */
export interface ScanProgressOptions {
  everyFiles: number;
  everyMs: number;
}

export const SCAN_PROGRESS_DEFAULT: ScanProgressOptions = { everyFiles: Number.POSITIVE_INFINITY, everyMs: 2_000 };

/**
 * The revision the ledger already records for a file the scan just read, or null: the document's
 * text is the revision the scan would take as its base (the stat cache's, else the single head).
 * Only such a file may go into the stat cache before the scan's entries are appended.
 */
export function recordedRevision(kernel: CoherenceKernel, state: ScanState, file: { path: string; id: string; hash: string }): string | null {
  const object: TrackedObject | undefined = kernel.index.objects.get(file.id);
  if (!object || object.revisions.size === 0) return null;
  const seen = state.files.get(file.path);
  const base = seen?.id === file.id && seen.rev && object.revisions.has(seen.rev) ? object.revisions.get(seen.rev) : kernel.currentRevision(object);
  return base?.hash === file.hash ? base.id : null;
}

/**
 * A full scan's progress, saved to the stat cache as it goes (one atomic write at a time, behind
 * the examining), so a scan that is killed part-way (its worker ended, the host stopped) resumes
 * with reading only what it had not yet examined. What it saves is the stat cache the scan started
 * from plus the files read since whose text is a revision the ledger already records
 * (`recordedRevision`): a file whose change is still only in the scan's memory keeps its old entry
 * (its size or mtime no longer match), so the resumed scan reads it and records the change. Git's
 * HEAD stays the one the scan started from, so the resumed scan sees the same checkout or commit.
 */
export class ScanProgress {
  private readonly settled = new Map<string, SeenFile>();
  private unsaved = 0;
  private savedAt = Date.now();
  private writing: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private tracked: boolean | null = null;

  constructor(
    private readonly kernel: CoherenceKernel,
    private readonly from: ScanState,
    private readonly every: ScanProgressOptions,
  ) {}

  /** A file read whose text the ledger records as revision `seen.rev`. */
  settle(path: string, seen: SeenFile): void {
    this.settled.set(path, seen);
    this.unsaved++;
    if (this.unsaved >= this.every.everyFiles || Date.now() - this.savedAt >= this.every.everyMs) this.save();
  }

  /** Ends the saving (before the scan writes its own stat cache); waits for a write under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.writing;
  }

  private save(): void {
    if (this.stopped) return;
    if (this.writing) {
      this.again = true;
      return;
    }
    this.writing = (async () => {
      do {
        this.again = false;
        this.unsaved = 0;
        this.savedAt = Date.now();
        await this.write(this.kernel.storage);
      } while (this.again && !this.stopped);
    })()
      // a failed save only means a killed scan reads more when it resumes
      .catch(() => undefined)
      .finally(() => (this.writing = null));
  }

  private async write(storage: CoherenceStorage): Promise<void> {
    // the stat cache lives in `.vmark/`, which only a workspace that keeps a ledger has
    this.tracked ??= await this.kernel.initialized();
    if (!this.tracked) return;
    await saveScanState(storage, { git: this.from.git, files: new Map([...this.from.files, ...this.settled]) });
  }
}
