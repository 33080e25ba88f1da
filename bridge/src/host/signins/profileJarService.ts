import type { HostServiceOp } from '@vmark/shared';
import { ServiceError } from '../serviceError';
import { ProfileJarStore } from './profileJarStore';

type ProfileJarOp = Extract<HostServiceOp, { op: `profileJar.${string}` }>;

const NAME = /^[A-Za-z0-9._-]{1,200}$/;

function checkName(name: unknown): string {
  if (typeof name !== 'string' || !NAME.test(name) || name === '.' || name === '..') throw new ServiceError('INVALID_PROFILE', 'A profile name is 1–200 characters of [A-Za-z0-9._-]');
  return name;
}

function cookieCount(jar: string): number {
  try {
    const cookies = JSON.parse(jar) as unknown;
    if (Array.isArray(cookies)) return cookies.length;
  } catch {
    // falls through
  }
  throw new ServiceError('INVALID_JAR', 'A profile jar is the JSON array of its cookies');
}

/** The host's `profileJar.*` services: only the extension's worker may ask for them (editors are refused there). */
export async function runProfileJarService(op: ProfileJarOp, store = new ProfileJarStore()): Promise<unknown> {
  if (op.op === 'profileJar.list') return store.list();
  const name = checkName(op.name as unknown);
  switch (op.op) {
    case 'profileJar.save':
      return store.save(name, op.jar, cookieCount(op.jar));
    case 'profileJar.load':
      return store.load(name);
    case 'profileJar.forget':
      return store.forget(name);
  }
}

export function isProfileJarOp(op: HostServiceOp): op is ProfileJarOp {
  return op.op.startsWith('profileJar.');
}
