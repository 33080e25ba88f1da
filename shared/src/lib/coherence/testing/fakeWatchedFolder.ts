import type { FileStat } from '../ledger/storage';

/**
 * Files in memory for fakes of a folder watch: a change is reported only when the test delivers it
 * (`deliver`), in the order the changes were made, as inotify and FileSystemObserver do.
 */
export abstract class FakeWatchedFolder {
  readonly files = new Map<string, FileStat>();
  pending: (string[] | 'all')[] = [];
  /** Files walked or stat-ed. */
  looks = 0;
  private clock = 1;

  /** Where delivered records go: the watch listening now, if any. */
  protected abstract listener(): ((paths: string[] | 'all') => void) | null;

  /** Writes a file; its size is the text's length, or `content` itself when a number. */
  put(path: string, content: string | number = 1): void {
    this.files.set(path, { path, size: typeof content === 'string' ? content.length : content, mtimeMs: this.clock++ });
    this.pending.push([path]);
  }
  remove(path: string): void {
    this.files.delete(path);
    this.pending.push([path]);
  }
  deliver(): void {
    for (const paths of this.pending.splice(0)) this.listener()?.(paths);
  }

  /** The files under `folder` ('' for all) that `keep` lets through, each counted as looked at. */
  protected filesUnder(folder: string, keep: (path: string) => boolean = () => true): FileStat[] {
    const prefix = folder === '' ? '' : `${folder}/`;
    const found = [...this.files.values()].filter((f) => f.path.startsWith(prefix) && keep(f.path));
    this.looks += found.length;
    return found.map((f) => ({ ...f }));
  }
  async stat(path: string): Promise<FileStat | 'folder' | null> {
    this.looks++;
    if ([...this.files.keys()].some((p) => p.startsWith(`${path}/`))) return 'folder';
    const file = this.files.get(path);
    return file ? { ...file } : null;
  }
}
