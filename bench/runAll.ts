import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Runs every bench in turn; a bench that crashes fails the run (a MISS does not). */
const BENCHES = ['roundtrip', 'document', 'load', 'workflow', 'snapshot', 'act', 'editor', 'coherence', 'faults'];
const here = path.dirname(fileURLToPath(import.meta.url));

let failed = 0;
for (const name of BENCHES) {
  console.log(`\n=== bench/${name}`);
  const started = Date.now();
  const run = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, name, 'run.ts')], { stdio: 'inherit' });
  console.log(`=== bench/${name}: ${run.status === 0 ? 'ran' : `FAILED (exit ${String(run.status ?? run.signal)})`} in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  if (run.status !== 0) failed++;
}
process.exitCode = failed === 0 ? 0 : 1;
