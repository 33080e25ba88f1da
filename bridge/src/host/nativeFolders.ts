import dns from 'node:dns/promises';
import fs from 'node:fs/promises';
import fsSync from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FsEntry, FsStat, HostServiceOp } from '@vmark/shared';
import { MAX_READ_BYTES } from '@vmark/shared/protocol/messages';
import { isWithin, normalizeMcpPath } from '@vmark/shared/lib/paths/index';
import { allowedRootsPath } from '../os/dirs';
import { editorOrigins } from '../launch/editorOrigins';
import { checkServedPath, hostNameRules, type ServedPath } from './hostPathScope';
import { actionlintVersion, runActionlint } from './actionlintBinary';
import { ServiceError } from './serviceError';
import { prepareCapture, recordRename } from '../coherence/nativeCapture';
import { isSigninOp, runSigninService } from './signins/signinService';
import { isProfileJarOp, runProfileJarService } from './signins/profileJarService';
import { runPanelService } from '../coherence/panelService';


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

/** Every path is checked by the one path rule, as spelled and after resolving symlinks, against the served roots. */
function guard(p: string): ServedPath {
  return checkServedPath(p, readAllowedRoots());
}

async function stat(p: string): Promise<FsStat> {
  const s = await fs.stat(p);
  return { kind: s.isDirectory() ? 'directory' : 'file', size: s.size, mtimeMs: s.mtimeMs };
}

/** Folders a person can always read (seed: home folder and mounted drives); others need the folder picker. */
export function isAlwaysReadable(real: string): boolean {
  const places = [os.homedir(), '/media', '/mnt', '/run/media', '/Volumes'];
  return places.some((place) => place !== '/' && isWithin(place, real, hostNameRules()));
}

export async function runService(op: HostServiceOp): Promise<unknown> {
  if (isSigninOp(op)) return runSigninService(op);
  if (isProfileJarOp(op)) return runProfileJarService(op);
  if (op.op === 'coherence.panel') return runPanelService(op);
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
        // not a scope check (open_workspace asks the person instead), but the same normalisation
        const normalized = normalizeMcpPath(op.path, hostNameRules());
        if (!normalized.ok) throw new ServiceError('INVALID_PATH', `not an acceptable absolute path (${normalized.reason}): ${op.path}`);
        const real = await fs.realpath(normalized.path);
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
        return guard(op.path).realPath;
      case 'fs.list': {
        const dir = guard(op.path).path;
        const entries = await fs.readdir(dir, { withFileTypes: true });
        return entries
          .filter((e) => e.isFile() || e.isDirectory())
          .map((e): FsEntry => ({ name: e.name, kind: e.isDirectory() ? 'directory' : 'file' }));
      }
      case 'fs.read':
        return await fs.readFile(guard(op.path).path, 'utf8');
      case 'fs.readBytes': {
        const file = guard(op.path).path;
        const size = (await fs.stat(file)).size;
        if (size > MAX_READ_BYTES) throw new ServiceError('IO', `${op.path} is ${size} bytes, more than the ${MAX_READ_BYTES} that can be read`);
        return (await fs.readFile(file)).toString('base64');
      }
      case 'fs.stat':
        return await stat(guard(op.path).path);
      case 'fs.write': {
        // through a symlink the file it points at is written (guard checked that it is served too); the link stays a link
        const file = guard(op.path).realPath;
        const captured = await prepareCapture(file, op.content, op.cause);
        // write to a sibling temp file and rename: readers never see a half-written file
        const tmp = path.join(path.dirname(file), `.${path.basename(file)}.vmark-${process.pid}-${Date.now()}`);
        try {
          await fs.writeFile(tmp, op.content, { flag: 'wx' });
        } catch (error) {
          // a full disk leaves a part of the temp file behind: the file itself was not touched
          await fs.rm(tmp, { force: true });
          throw error;
        }
        if (op.createOnly) {
          try {
            await fs.link(tmp, file);
          } finally {
            await fs.rm(tmp, { force: true });
          }
        } else {
          try {
            await fs.rename(tmp, file);
          } catch (error) {
            // e.g. a folder stands at the path: the refused save leaves no temp file in the person's folder
            await fs.rm(tmp, { force: true });
            throw error;
          }
        }
        await captured?.record();
        return await stat(file);
      }
      case 'fs.mkdir':
        await fs.mkdir(guard(op.path).path, { recursive: true });
        return null;
      case 'fs.rename': {
        const from = guard(op.from);
        const to = guard(op.to);
        await fs.rename(from.path, to.path);
        await recordRename(from.realPath, to.realPath);
        return null;
      }
      case 'fs.remove':
        await fs.rm(guard(op.path).path, { recursive: true });
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
