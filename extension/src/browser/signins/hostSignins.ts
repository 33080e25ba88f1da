import { hopTimeoutMs, type HostServiceOp, type ProfileJarInfo, type SigninInfo } from '@vmark/shared';

/** The host's keychain-backed services (`signin.*`, `profileJar.*`), wired by background/main.ts (the worker's HostServices). */
type HostCall = (request: HostServiceOp, timeoutMs?: number) => Promise<unknown>;

let call: HostCall | null = null;

export function setSigninHost(host: HostCall): void {
  call = host;
}

/** A refusal of the host's service: `code` is a service code (SESSION_NOT_FOUND, KEYCHAIN_LOCKED, …). */
export class SigninHostError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

async function ask(request: HostServiceOp): Promise<unknown> {
  if (!call) throw new SigninHostError('NO_HOST', 'The VMark host is not connected.');
  try {
    return await call(request, hopTimeoutMs('workerToHostSignin'));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const coded = /^([A-Z_]+): ([\s\S]*)$/.exec(message);
    throw coded ? new SigninHostError(coded[1]!, coded[2]!) : new SigninHostError('NO_HOST', message);
  }
}

export const hostSignins = {
  info: async (handle: string) => (await ask({ op: 'signin.info', handle })) as SigninInfo | null,
  save: async (handle: string, origin: string, snapshot: string, replace: boolean) => (await ask({ op: 'signin.save', handle, origin, snapshot, replace })) as SigninInfo,
  load: async (handle: string) => (await ask({ op: 'signin.load', handle })) as { origin: string; snapshot: string },
  list: async () => (await ask({ op: 'signin.list' })) as SigninInfo[],
  forget: async (handle: string) => (await ask({ op: 'signin.forget', handle })) as boolean,
};

/** The named profiles' cookie jars, sealed by the host (its key in the OS keychain); the extension keeps no value. */
export const hostProfileJars = {
  save: async (name: string, jar: string) => (await ask({ op: 'profileJar.save', name, jar })) as ProfileJarInfo,
  load: async (name: string) => (await ask({ op: 'profileJar.load', name })) as string | null,
  list: async () => (await ask({ op: 'profileJar.list' })) as ProfileJarInfo[],
  forget: async (name: string) => (await ask({ op: 'profileJar.forget', name })) as boolean,
};
