import { afterEach, describe, expect, it } from 'vitest';
import { HandleWorkspace } from './handleWorkspace';

type Callback = (records: { type: string; relativePathComponents: string[] }[]) => void;

class FakeObserver {
  static made: FakeObserver[] = [];
  disconnected = false;
  constructor(readonly callback: Callback) {
    FakeObserver.made.push(this);
  }
  async observe(): Promise<void> {}
  disconnect(): void {
    this.disconnected = true;
  }
}

const globals = globalThis as { FileSystemObserver?: unknown };

describe('HandleWorkspace.watch', () => {
  afterEach(() => {
    delete globals.FileSystemObserver;
    FakeObserver.made = [];
  });

  it('shares one observer among its watchers and stops it with the last one', () => {
    globals.FileSystemObserver = FakeObserver;
    const workspace = new HandleWorkspace('picked', '/w', 'w', {} as FileSystemDirectoryHandle);
    const seen: (string[] | 'all')[][] = [[], []];
    const stopFirst = workspace.watch((paths) => seen[0]!.push(paths));
    const stopSecond = workspace.watch((paths) => seen[1]!.push(paths));
    expect(FakeObserver.made).toHaveLength(1);
    FakeObserver.made[0]!.callback([{ type: 'modified', relativePathComponents: ['a.md'] }]);
    expect(seen).toEqual([[['/w/a.md']], [['/w/a.md']]]);

    stopFirst?.();
    stopFirst?.(); // a second call must not stop the observer the other watcher still needs
    expect(FakeObserver.made[0]!.disconnected).toBe(false);
    stopSecond?.();
    expect(FakeObserver.made[0]!.disconnected).toBe(true);

    workspace.watch(() => undefined);
    expect(FakeObserver.made).toHaveLength(2);
  });

  it('answers null where the browser has no FileSystemObserver', () => {
    const workspace = new HandleWorkspace('picked', '/w', 'w', {} as FileSystemDirectoryHandle);
    expect(workspace.watch(() => undefined)).toBeNull();
  });
});
