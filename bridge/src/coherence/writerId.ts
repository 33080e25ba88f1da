import fs from 'node:fs';
import path from 'node:path';
import { UUID_PATTERN, uuidv7 } from '@vmark/shared/lib/coherence/index';
import { stateDir } from '../os/dirs';

/** This installation's coherence writer id: a UUIDv7 kept outside every workspace, minted once. */
export function writerId(dir: string = stateDir()): string {
  const file = path.join(dir, 'coherence-writer-id');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (UUID_PATTERN.test(existing)) return existing;
  } catch {
    // first run
  }
  const id = uuidv7();
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, `${id}\n`, { mode: 0o600 });
  return id;
}
