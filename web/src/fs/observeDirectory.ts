import { joinPath } from '@vmark/shared/lib/paths/index';

/** The parts of FileSystemObserver (Chromium 129+) used here; TypeScript's DOM types do not have it yet. */
export interface ChangeRecord {
  type: 'appeared' | 'disappeared' | 'modified' | 'moved' | 'unknown' | 'errored';
  relativePathComponents: string[];
  relativePathMovedFrom?: string[] | null;
}
interface DirectoryObserver {
  observe(handle: FileSystemDirectoryHandle, options: { recursive: boolean }): Promise<void>;
  disconnect(): void;
}
type ObserverConstructor = new (callback: (records: ChangeRecord[]) => void) => DirectoryObserver;

const pathOf = (root: string, components: string[]) => components.reduce(joinPath, root);

/** The paths of `records` that were only written to (no record of them appeared, went or moved): their folders' listings still hold. */
export function modifiedOnly(root: string, records: readonly ChangeRecord[]): Set<string> {
  const modified = new Set<string>();
  const other = new Set<string>();
  for (const r of records) {
    (r.type === 'modified' ? modified : other).add(pathOf(root, r.relativePathComponents));
    if (r.relativePathMovedFrom) other.add(pathOf(root, r.relativePathMovedFrom));
  }
  for (const path of other) modified.delete(path);
  return modified;
}

/**
 * Watches a directory tree; null where the browser has no FileSystemObserver. `onObserving` hears
 * true once the observation is in place (changes from then on are reported), false when it could
 * not be set up.
 */
export function observeDirectory(
  handle: FileSystemDirectoryHandle,
  root: string,
  onChange: (paths: string[] | 'all', modifiedOnly?: ReadonlySet<string>) => void,
  onObserving?: (observing: boolean) => void,
): (() => void) | null {
  const Observer = (globalThis as { FileSystemObserver?: ObserverConstructor }).FileSystemObserver;
  if (!Observer) return null;
  const observer = new Observer((records) => {
    // "unknown" and "errored" mean events were lost: everything is checked
    if (records.some((r) => r.type === 'unknown' || r.type === 'errored')) return onChange('all');
    onChange(records.flatMap((r) => [pathOf(root, r.relativePathComponents), ...(r.relativePathMovedFrom ? [pathOf(root, r.relativePathMovedFrom)] : [])]), modifiedOnly(root, records));
  });
  observer.observe(handle, { recursive: true }).then(
    () => onObserving?.(true),
    (error: unknown) => {
      console.warn('VMark: cannot observe the folder; polling only', error);
      onObserving?.(false);
    },
  );
  return () => observer.disconnect();
}
