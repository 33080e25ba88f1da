/** Front matter split into its fence lines and the YAML/TOML between them (`\n` line endings). */
export interface FrontMatterText {
  open: string;
  body: string;
  close: string;
}

export function splitFrontMatter(raw: string): FrontMatterText {
  const lines = raw.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length < 2) return { open: raw, body: '', close: '' };
  return { open: lines[0]!, body: lines.slice(1, -1).join('\n'), close: lines[lines.length - 1]! };
}

/** The raw front matter with a new body between the same fences. */
export function withBody(parts: FrontMatterText, body: string): string {
  return [parts.open, ...(body === '' ? [] : [body.replace(/\r\n?/g, '\n')]), parts.close].join('\n');
}
