import fs from 'node:fs';
import path from 'node:path';
import { CoherenceError, CoherenceKernel } from '@vmark/shared/lib/coherence/index';
import { readAllowedRoots } from '../host/nativeFolders';
import { NodeCoherenceStorage } from './nodeStorage';
import { writerId } from './writerId';

const kernels = new Map<string, Promise<CoherenceKernel>>();

const within = (root: string, target: string): boolean => {
  const rel = path.relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/**
 * Where a workspace_root lives: a native folder this host serves (`native`, with its real path),
 * somewhere else (`elsewhere`: an editor's Scratch or picked folder, or a folder no window holds),
 * or a form the seed refuses with a plain string error (`invalid`).
 */
export type WorkspacePlace = { kind: 'native'; real: string } | { kind: 'elsewhere' } | { kind: 'invalid'; message: string };

export function workspacePlace(workspaceRoot: unknown): WorkspacePlace {
  if (typeof workspaceRoot !== 'string' || workspaceRoot === '') {
    return { kind: 'invalid', message: 'workspace_root is required: the absolute path of the workspace (see session.get_state or the workspace tool)' };
  }
  if (!path.isAbsolute(workspaceRoot)) return { kind: 'invalid', message: `workspace_root must be an absolute path, got ${workspaceRoot}` };
  let real: string;
  try {
    real = fs.realpathSync(workspaceRoot);
  } catch {
    return { kind: 'elsewhere' };
  }
  if (!fs.statSync(real).isDirectory()) return { kind: 'invalid', message: `workspace_root is not a directory: ${workspaceRoot}; pass the folder of the workspace (session.get_state lists them)` };
  return readAllowedRoots().some((root) => within(root, real)) ? { kind: 'native', real } : { kind: 'elsewhere' };
}

/** The kernel of a native-folder workspace, opened once per host and kept; created on first use. */
export function kernelAt(real: string): Promise<CoherenceKernel> {
  let kernel = kernels.get(real);
  if (!kernel) {
    kernel = CoherenceKernel.open(new NodeCoherenceStorage(real), { writer: writerId() });
    kernels.set(real, kernel);
    kernel.catch(() => kernels.delete(real));
  }
  return kernel;
}

/**
 * The kernel of one native-folder workspace (seed: answered from a per-workspace kernel registry).
 * `workspace_root` missing, relative or not a directory is refused with a plain string error; so is
 * a folder this host does not serve.
 */
export function kernelFor(workspaceRoot: unknown): Promise<CoherenceKernel> {
  const place = workspacePlace(workspaceRoot);
  if (place.kind === 'invalid') return Promise.reject(new CoherenceError(null, place.message));
  if (place.kind === 'elsewhere') {
    return Promise.reject(
      new CoherenceError(null, `workspace_root ${String(workspaceRoot)} is not a directory VMark serves; open it with \`vmark start --workspace ${String(workspaceRoot)}\` (or workspace.open_workspace) first`),
    );
  }
  return kernelAt(place.real);
}
