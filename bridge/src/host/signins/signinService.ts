import type { HostServiceOp, SigninSnapshot } from '@vmark/shared';
import { ServiceError } from '../serviceError';
import { SigninStore } from './signinStore';

type SigninOp = Extract<HostServiceOp, { op: `signin.${string}` }>;

const HANDLE = /^[A-Za-z0-9._-]{1,128}$/;

function checkHandle(handle: unknown): string {
  if (typeof handle !== 'string' || !HANDLE.test(handle)) throw new ServiceError('INVALID_HANDLE', 'A handle is 1–128 characters of [A-Za-z0-9._-]');
  return handle;
}

function counts(snapshot: string): { cookies: number; storageKeys: number } {
  try {
    const parsed = JSON.parse(snapshot) as SigninSnapshot;
    if (Array.isArray(parsed.cookies) && Array.isArray(parsed.localStorage)) return { cookies: parsed.cookies.length, storageKeys: parsed.localStorage.length };
  } catch {
    // falls through
  }
  throw new ServiceError('INVALID_SNAPSHOT', 'A sign-in snapshot is JSON {cookies: [...], localStorage: [[key, value], ...]}');
}

/** The host's `signin.*` services; only the extension's worker may ask for them (editors are refused there). */
export async function runSigninService(op: SigninOp, store = new SigninStore()): Promise<unknown> {
  if (op.op === 'signin.list') return store.list();
  const handle = checkHandle(op.handle as unknown);
  switch (op.op) {
    case 'signin.save':
      return store.save({ handle, origin: op.origin, snapshot: op.snapshot, replace: op.replace === true, ...counts(op.snapshot) });
    case 'signin.load': {
      const { info, snapshot } = await store.load(handle);
      return { origin: info.origin, snapshot };
    }
    case 'signin.info':
      return store.info(handle);
    case 'signin.forget':
      return store.forget(handle);
  }
}

export function isSigninOp(op: HostServiceOp): op is SigninOp {
  return op.op.startsWith('signin.');
}
