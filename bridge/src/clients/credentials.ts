import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ClientPrincipal } from '@vmark/shared';
import { stateDir } from '../os/dirs';
import { sameSecret } from '../host/sameSecret';


interface Store {
  clients: Record<string, { sha256: string; minted: string }>;
}

const storePath = (dir: string): string => path.join(dir, 'client-credentials.json');
const digest = (token: string): string => crypto.createHash('sha256').update(token).digest('hex');

function readStore(dir: string): Store {
  try {
    const raw = JSON.parse(fs.readFileSync(storePath(dir), 'utf8')) as Store;
    if (raw && typeof raw.clients === 'object' && raw.clients !== null) return raw;
  } catch {
    // none yet
  }
  return { clients: {} };
}

/**
 * Mints a new credential for one AI client, replacing its previous one. Only its SHA-256 is kept
 * here (mode 0600); the token itself lives in that client's MCP configuration.
 */
export function mintClientCredential(client: string, dir: string = stateDir()): string {
  const token = crypto.randomBytes(32).toString('hex');
  const store = readStore(dir);
  store.clients[client] = { sha256: digest(token), minted: new Date().toISOString() };
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const temp = path.join(dir, `.client-credentials.${process.pid}.json`);
  fs.writeFileSync(temp, `${JSON.stringify(store, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(temp, storePath(dir));
  return token;
}

/** No credential → anonymous; one VMark minted → that client; anything else → unrecognised. */
export function resolveClientPrincipal(token: string | undefined, dir: string = stateDir()): ClientPrincipal {
  if (token === undefined || token === '') return { kind: 'anonymous' };
  const given = digest(token);
  const owners = Object.entries(readStore(dir).clients).filter(([, entry]) => sameSecret(given, entry.sha256));
  return owners.length === 1 ? { kind: 'named', id: (owners[0] as [string, unknown])[0] } : { kind: 'unrecognised' };
}
