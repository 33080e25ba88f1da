/** A tiny flag parser: `--name value`, `--name=value` and boolean `--flag`. */
export interface ParsedArgs {
  command: string | undefined;
  flags: Map<string, string | true>;
  positionals: string[];
}

export function parseArgs(argv: string[], booleanFlags: ReadonlySet<string>): ParsedArgs {
  const flags = new Map<string, string | true>();
  const positionals: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq > 0) flags.set(arg.slice(2, eq), arg.slice(eq + 1));
    else if (booleanFlags.has(arg.slice(2))) flags.set(arg.slice(2), true);
    else {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new Error(`${arg} needs a value`);
      flags.set(arg.slice(2), value);
      i++;
    }
  }
  return { command: positionals.shift(), flags, positionals };
}

export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

export function intFlag(args: ParsedArgs, name: string): number | undefined {
  const v = stringFlag(args, name);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0 || n > 65_535) throw new Error(`--${name} must be a port number, got ${v}`);
  return n;
}
