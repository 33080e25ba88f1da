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
 * The kernel of one native-folder workspace, opened once per host and kept (seed: answered from a
 * per-workspace kernel registry). `workspace_root` missing, relative or not a directory is refused
 * with a plain string error; so is a folder this host does not serve.
 */
export function kernelFor(workspaceRoot: unknown): Promise<CoherenceKernel> {
  if (typeof workspaceRoot !== 'string' || workspaceRoot === '') {
    return Promise.reject(new CoherenceError(null, 'workspace_root is required: the absolute path of the workspace (see session.get_state or the workspace tool)'));
  }
  if (!path.isAbsolute(workspaceRoot)) return Promise.reject(new CoherenceError(null, `workspace_root must be an absolute path, got ${workspaceRoot}`));
  let real: string;
  try {
    real = fs.realpathSync(workspaceRoot);
    if (!fs.statSync(real).isDirectory()) throw new Error('not a directory');
  } catch {
    return Promise.reject(new CoherenceError(null, `workspace_root is not a directory: ${workspaceRoot}`));
  }
  if (!readAllowedRoots().some((root) => within(root, real))) {
    return Promise.reject(new CoherenceError(null, `${workspaceRoot} is not a folder this VMark serves; open it with \`vmark start --workspace ${workspaceRoot}\` (or in the editor) first`));
  }
  let kernel = kernels.get(real);
  if (!kernel) {
    kernel = CoherenceKernel.open(new NodeCoherenceStorage(real), { writer: writerId() });
    kernels.set(real, kernel);
    kernel.catch(() => kernels.delete(real));
  }
  return kernel;
}
