/** A document of the workspace as the scan sees it (paths relative to the workspace root, `/`-separated). */
export interface FileStat {
  path: string;
  size: number;
  mtimeMs: number;
}

/** What changed between two walks of a storage that watches the workspace. */
export interface WalkDelta {
  /** Documents added or changed (or reported changed by the watch). */
  changed: FileStat[];
  /** Paths that are no longer documents. */
  removed: string[];
}

/**
 * Everything the coherence kernel touches on disk, relative to the workspace root. The host
 * implements it over `node:fs` for native folders; the editor's worker over OPFS or a picked folder.
 */
export interface CoherenceStorage {
  /** The file's text, or null when it does not exist. */
  readText(path: string): Promise<string | null>;
  /** The file's bytes, or null when it does not exist (the index snapshot: most of it is not text). */
  readBytes(path: string): Promise<Uint8Array | null>;
  /**
   * Reads up to `length` bytes from byte `position` of the file into `into` at `at`: how many were
   * read (0 at the end, or when the file does not exist). A replay reads the whole ledger through one
   * small buffer this way: fresh memory for each segment costs more than reading it. Absent: the
   * ledger reads each segment whole with `readBytes`.
   */
  readInto?(path: string, position: number, into: Uint8Array, at: number, length: number): Promise<number>;
  /** The files a replay is about to read through `readInto`, in order: the storage may open them all now (a worker: at once, not one round trip after another). */
  readingNext?(paths: readonly string[]): void;
  /** The text from byte `from` to byte `to` (default: the end; the ledger's tail replay). */
  readFrom(path: string, from: number, to?: number): Promise<string>;
  /**
   * Hands `take` the text from byte `from` up to `to` a bounded piece at a time, each piece whole
   * lines (ending with `\n`), so a replay of the whole ledger never holds it as one string; resolves
   * to the bytes those lines span (what follows is a torn last line). Absent: the ledger reads each
   * segment whole with `readFrom` (a browser worker: `Blob.text()` decodes off its thread).
   */
  readLines?(path: string, from: number, to: number, take: (lines: string) => void): Promise<number>;
  /** Size in bytes, or null when the file does not exist. */
  size(path: string): Promise<number | null>;
  /**
   * Appends in one write (creating the file and its folders). Resolves to the byte offset the text
   * was written at when the storage learns it with the write itself (nothing else was appended in
   * between); void when it does not.
   */
  append(path: string, text: string): Promise<number | void>;
  /** Replaces the file atomically (temporary file, then rename), creating its folders. */
  writeAtomic(path: string, content: string | Uint8Array): Promise<void>;
  /**
   * Writes a file named by its content (a snapshot), once: a storage may finish the write after the
   * call that asked for it has answered, but reads see the file at once. Absent: `writeAtomic`.
   */
  writeOnce?(path: string, text: string): Promise<void>;
  /** File names in a folder, [] when it does not exist. */
  list(dir: string): Promise<string[]>;
  isDirectory(path: string): Promise<boolean>;
  /** The markdown documents of the workspace, skipping `.vmark`, `.git`, `node_modules` and symlinks. */
  walk(): Promise<FileStat[]>;
  /**
   * What the last `walk()` saw change since the walk before it, for a storage that watches the
   * workspace; null (or absent) when that walk looked at every file.
   */
  walkDelta?(): WalkDelta | null;
  /**
   * For a storage that watches the workspace: waits until the watch has reported every change made
   * before the call (the reads and the walk that follow see them all).
   */
  settle?(): Promise<void>;
  /**
   * Runs `work` while no other kernel on this workspace runs its own (the editor's windows: a Web
   * Lock; the host: per folder in its process), so what a scan reads of the ledger's tail is still
   * the tail when it appends. Absent: no other kernel shares this storage.
   */
  exclusive?<T>(work: () => Promise<T>): Promise<T>;
}

/** Folders a walk of the workspace never enters. */
export const SKIPPED_FOLDERS: ReadonlySet<string> = new Set(['.vmark', '.git', 'node_modules']);

/** Whether a file name (or path) is a markdown document the kernel tracks. */
export const isDocumentName = (name: string): boolean => /\.(md|markdown)$/i.test(name);
