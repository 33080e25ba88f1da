import { WriteBehindJournal } from './writeBehindJournal';

/**
 * The files a worker's storage holds to write after the call has answered
 * (`HandleCoherenceStorage.writeOnce`): read from memory until written, and recorded in the
 * write-behind journal (a synchronous write) so that they outlive the worker.
 */
export class HeldWrites {
  private readonly held = new Map<string, string>();
  /** Where the held files outlive this worker (`openJournal`); null: only in memory. */
  private journal: WriteBehindJournal | null = null;

  constructor(
    /** Names the workspace (its journals' folder). */
    private readonly scope: string,
    /** Writes a file now (under the storage's lock for it). */
    private readonly writeNow: (path: string, text: string) => Promise<void>,
  ) {}

  /** The text held for `path`, if any. */
  get(path: string): string | undefined {
    return this.held.get(path);
  }

  has(path: string): boolean {
    return this.held.has(path);
  }

  /** Held until `writeBehind()`; where the journal fails, written now. */
  async hold(path: string, text: string): Promise<void> {
    this.held.set(path, text);
    try {
      this.journal?.record(path, text);
    } catch {
      await this.writeNow(path, text);
      this.held.delete(path);
    }
  }

  /**
   * Opens this worker's write-behind journal (in OPFS, `top` its root) and takes over what ended
   * workers on this workspace left unwritten: held again here, written by the next writeBehind.
   */
  async openJournal(top?: FileSystemDirectoryHandle): Promise<void> {
    try {
      this.journal = await WriteBehindJournal.open(top ?? (await navigator.storage.getDirectory()), this.scope);
      for (const [path, text] of this.held) this.journal?.record(path, text);
      await this.journal?.adoptOrphans((path, text) => void this.hold(path, text));
    } catch (error) {
      console.warn('VMark: no write-behind journal; what a call stores is written after it answers, and lost if the worker ends first', error);
    }
  }

  /**
   * Writes what is held; one that fails stays held (still read from memory, still in the journal)
   * and is tried again next time. Once nothing is held the journal is emptied.
   */
  async writeBehind(): Promise<void> {
    for (const [path, text] of [...this.held]) {
      try {
        await this.writeNow(path, text);
        if (this.held.get(path) === text) this.held.delete(path);
      } catch (error) {
        console.warn(`VMark: could not write ${path}; trying again after the next call`, error);
      }
    }
    if (this.held.size === 0) this.journal?.clear();
  }
}
