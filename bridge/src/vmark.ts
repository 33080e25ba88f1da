import { main } from './cli/program';

main(process.argv.slice(2)).catch((error: unknown) => {
  process.stderr.write(`vmark: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
