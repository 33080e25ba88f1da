import type { FsEntry, FsStat, HostServiceOp } from '@vmark/shared';
import { basename } from '@vmark/shared/lib/paths/index';
import { mimeTypeOf } from '../lib/mimeTypes';
import { FsError, type WorkspaceFS, type WriteOptions } from './WorkspaceFS';

export type ServiceCaller = (request: HostServiceOp) => Promise<unknown>;

/** A real folder on disk, served by `vmark host` through the extension. */
export class NativeWorkspace implements WorkspaceFS {
  readonly kind = 'native' as const;
  readonly name: string;

  constructor(
    readonly root: string,
    readonly service: ServiceCaller,
  ) {
    this.name = basename(root) || root;
  }

  list(path: string): Promise<FsEntry[]> {
    return this.service({ op: 'fs.list', path }) as Promise<FsEntry[]>;
  }

  readText(path: string): Promise<string> {
    return this.service({ op: 'fs.read', path }) as Promise<string>;
  }

  async readBytes(path: string): Promise<Blob> {
    const base64 = (await this.service({ op: 'fs.readBytes', path })) as string;
    return new Blob([Uint8Array.from(atob(base64), (char) => char.charCodeAt(0))], { type: mimeTypeOf(path) });
  }

  writeText(path: string, content: string, options?: WriteOptions): Promise<FsStat> {
    return this.service({ op: 'fs.write', path, content, ...(options?.createOnly ? { createOnly: true } : {}), ...(options?.cause ? { cause: options.cause } : {}) }) as Promise<FsStat>;
  }

  async stat(path: string): Promise<FsStat | null> {
    try {
      return (await this.service({ op: 'fs.stat', path })) as FsStat;
    } catch (error) {
      if (error instanceof FsError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  }

  async mkdir(path: string): Promise<void> {
    await this.service({ op: 'fs.mkdir', path });
  }

  async rename(from: string, to: string): Promise<void> {
    await this.service({ op: 'fs.rename', from, to });
  }

  async remove(path: string): Promise<void> {
    await this.service({ op: 'fs.remove', path });
  }
}
