import dns from 'node:dns/promises';
import fs from 'node:fs/promises';
import fsSync from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FsEntry, FsStat, HostServiceOp } from '@vmark/shared';
import { MAX_READ_BYTES } from '@vmark/shared/protocol/messages';
import { allowedRootsPath } from '../os/dirs';
import { editorOrigins } from '../launch/editorOrigins';
import { actionlintVersion, runActionlint } from './actionlintBinary';
import { ServiceError } from './serviceError';


export function readAllowedRoots(): string[] {
  try {
    const roots = JSON.parse(fsSync.readFileSync(allowedRootsPath(), 'utf8')) as unknown;
    return Array.isArray(roots) ? roots.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}

export function addAllowedRoot(root: string): string {
  const real = fsSync.realpathSync(root);
  const roots = new Set(readAllowedRoots());
  roots.add(real);
  fsSync.mkdirSync(path.dirname(allowedRootsPath()), { recursive: true });
  fsSync.writeFileSync(allowedRootsPath(), JSON.stringify([...roots], null, 2), { mode: 0o600 });
  return real;
}

function within(root: string, target: string): boolean {
  const rel = path.relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

/** Resolves symlinks of the longest existing prefix, so a path that does not exist yet is judged by its real parent. */
async function realTarget(target: string): Promise<string> {
  const missing: string[] = [];
  let current = target;
  for (;;) {
    try {
      return path.join(await fs.realpath(current), ...missing.reverse());
    } catch {
      const parent = path.dirname(current);
      if (parent === current) return target;
      missing.push(path.basename(current));
      current = parent;
    }
  }
}

/** Every path is checked lexically and after resolving symlinks against the allowed roots. */
async function guard(p: string): Promise<string> {
  if (!path.isAbsolute(p) || p.includes('\0')) throw new ServiceError('INVALID_PATH', `not an absolute path: ${p}`);
  const normal = path.resolve(p);
  const roots = readAllowedRoots();
  const real = await realTarget(normal);
  if (!roots.some((r) => within(r, normal) || within(r, real)) || !roots.some((r) => within(r, real))) {
    throw new ServiceError('INVALID_PATH', `outside the native folders this host serves: ${p}`);
  }
  return normal;
}

async function stat(p: string): Promise<FsStat> {
  const s = await fs.stat(p);
  return { kind: s.isDirectory() ? 'directory' : 'file', size: s.size, mtimeMs: s.mtimeMs };
}

/** Folders a person can always read (seed: home folder and mounted drives); others need the folder picker. */
export function isAlwaysReadable(real: string): boolean {
  const places = [os.homedir(), '/media', '/mnt', '/run/media', '/Volumes'];
  return places.some((place) => place !== '/' && within(place, real));
}

export async function runService(op: HostServiceOp): Promise<unknown> {
  try {
    switch (op.op) {
      case 'roots.list':
        return readAllowedRoots();
      case 'net.resolve':
        return (await dns.lookup(op.hostname, { all: true, verbatim: true })).map((entry) => entry.address);
      case 'editor.origins':
        return editorOrigins();
      case 'actionlint.version':
        return await actionlintVersion();
      case 'actionlint.run':
        return await runActionlint(op.text, op.path);
      case 'fs.canonical': {
        if (!path.isAbsolute(op.path)) throw new ServiceError('INVALID_PATH', `not an absolute path: ${op.path}`);
        const real = await fs.realpath(op.path);
        return { path: real, isDirectory: (await fs.stat(real)).isDirectory() };
      }
      case 'fs.fingerprint': {
        const real = await fs.realpath(op.path);
        return (await fs.readdir(real)).sort().slice(0, 500);
      }
      case 'roots.add': {
        const real = await fs.realpath(op.path);
        if (!(await fs.stat(real)).isDirectory()) throw new ServiceError('INVALID_PATH', `${real} is not a folder`);
        if (!isAlwaysReadable(real)) throw new ServiceError('NOT_ALWAYS_READABLE', `${real} is outside the home folder and mounted drives`);
        return addAllowedRoot(real);
      }
      case 'fs.realpath':
        return await realTarget(await guard(op.path));
      case 'fs.list': {
        const dir = await guard(op.path);
        const entries = await fs.readdir(dir, { withFileTypes: true });
        return entries
          .filter((e) => e.isFile() || e.isDirectory())
          .map((e): FsEntry => ({ name: e.name, kind: e.isDirectory() ? 'directory' : 'file' }));
      }
      case 'fs.read':
        return await fs.readFile(await guard(op.path), 'utf8');
      case 'fs.readBytes': {
        const file = await guard(op.path);
        const size = (await fs.stat(file)).size;
        if (size > MAX_READ_BYTES) throw new ServiceError('IO', `${op.path} is ${size} bytes, more than the ${MAX_READ_BYTES} that can be read`);
        return (await fs.readFile(file)).toString('base64');
      }
      case 'fs.stat':
        return await stat(await guard(op.path));
      case 'fs.write': {
        // through a symlink the file it points at is written (guard checked that it is served too); the link stays a link
        const file = await realTarget(await guard(op.path));
        // write to a sibling temp file and rename: readers never see a half-written file
        const tmp = path.join(path.dirname(file), `.${path.basename(file)}.vmark-${process.pid}-${Date.now()}`);
        await fs.writeFile(tmp, op.content, { flag: 'wx' });
        if (op.createOnly) {
          try {
            await fs.link(tmp, file);
          } finally {
            await fs.rm(tmp, { force: true });
          }
        } else {
          await fs.rename(tmp, file);
        }
        return await stat(file);
      }
      case 'fs.mkdir':
        await fs.mkdir(await guard(op.path), { recursive: true });
        return null;
      case 'fs.rename':
        await fs.rename(await guard(op.from), await guard(op.to));
        return null;
      case 'fs.remove':
        await fs.rm(await guard(op.path), { recursive: true });
        return null;
    }
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ServiceError('NOT_FOUND', (error as Error).message);
    if (code === 'EEXIST') throw new ServiceError('EXISTS', (error as Error).message);
    throw new ServiceError('IO', (error as Error).message);
  }
}
