import { utf8Length } from '../ids';
import { Serial } from '../ledger/serial';
import type { CoherenceStorage, FileStat } from '../ledger/storage';
import { utf8Bytes, utf8Text } from '../utf8';

/** A workspace in memory for unit tests of the pure kernel (the Node adapter is tested on real files). */
export class MemoryStorage implements CoherenceStorage {
  /** `bytes` for a file written as bytes (its `text` is them decoded). */
  readonly files = new Map<string, { text: string; mtimeMs: number; bytes?: Uint8Array }>();
  private clock = 1;
  /** Kernels sharing this storage (two windows on one workspace) take turns for `exclusive`. */
  private readonly turns = new Serial();

  put(path: string, content: string | Uint8Array): void {
    const mtimeMs = this.clock++;
    this.files.set(path, typeof content === 'string' ? { text: content, mtimeMs } : { text: utf8Text(content), mtimeMs, bytes: content });
  }

  text(path: string): string | undefined {
    return this.files.get(path)?.text;
  }

  bytes(path: string): Uint8Array | undefined {
    const file = this.files.get(path);
    return file && (file.bytes ?? utf8Bytes(file.text));
  }

  remove(path: string): void {
    this.files.delete(path);
  }

  move(from: string, to: string): void {
    const file = this.files.get(from);
    if (!file) throw new Error(`no ${from}`);
    this.files.delete(from);
    this.files.set(to, file);
  }

  async readText(path: string): Promise<string | null> {
    return this.files.get(path)?.text ?? null;
  }

  async readBytes(path: string): Promise<Uint8Array | null> {
    return this.bytes(path) ?? null;
  }

  async readFrom(path: string, from: number, to?: number): Promise<string> {
    const text = this.files.get(path)?.text ?? '';
    if (!/[^\x00-\x7f]/.test(text)) return text.slice(from, to);
    const charAt = (target: number): number => {
      let bytes = 0;
      let i = 0;
      while (i < text.length && bytes < target) {
        const code = text.codePointAt(i) as number;
        bytes += utf8Length(String.fromCodePoint(code));
        i += code > 0xffff ? 2 : 1;
      }
      return i;
    };
    return text.slice(charAt(from), to === undefined ? text.length : charAt(to));
  }

  async size(path: string): Promise<number | null> {
    const file = this.files.get(path);
    return file ? (file.bytes?.length ?? utf8Length(file.text)) : null;
  }

  async append(path: string, text: string): Promise<number> {
    const before = this.files.get(path)?.text ?? '';
    this.put(path, before + text);
    return utf8Length(before);
  }

  async writeAtomic(path: string, content: string | Uint8Array): Promise<void> {
    this.put(path, content);
  }

  async list(dir: string): Promise<string[]> {
    const names = new Set<string>();
    for (const path of this.files.keys()) {
      if (!path.startsWith(`${dir}/`)) continue;
      const rest = path.slice(dir.length + 1);
      if (!rest.includes('/')) names.add(rest);
    }
    return [...names].sort();
  }

  async isDirectory(path: string): Promise<boolean> {
    for (const file of this.files.keys()) if (file.startsWith(`${path}/`)) return true;
    return false;
  }

  exclusive<T>(work: () => Promise<T>): Promise<T> {
    return this.turns.run(work);
  }

  async walk(): Promise<FileStat[]> {
    const found: FileStat[] = [];
    for (const [path, file] of this.files) {
      if (/^(\.vmark|\.git|node_modules)\//.test(path) || !/\.(md|markdown)$/.test(path)) continue;
      found.push({ path, size: utf8Length(file.text), mtimeMs: file.mtimeMs });
    }
    return found.sort((a, b) => a.path.localeCompare(b.path));
  }
}

/** Every entry in the ledger's segments, in file order (tests read what was recorded, not the index). */
export function ledgerEntries(storage: MemoryStorage): import('../ledger/entries').KnownEntry[] {
  const entries: import('../ledger/entries').KnownEntry[] = [];
  for (const [path, file] of storage.files) {
    if (!/^\.vmark\/ledger\/[^/]+\.jsonl$/.test(path)) continue;
    for (const line of file.text.split('\n')) if (line.trim()) entries.push(JSON.parse(line));
  }
  return entries;
}

export function transformationsIn(storage: MemoryStorage): import('../ledger/entries').EntryOf<'transformation'>[] {
  return ledgerEntries(storage).filter((e): e is import('../ledger/entries').EntryOf<'transformation'> => e.kind === 'transformation');
}
