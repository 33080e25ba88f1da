import { UUID_PATTERN } from '../ids';

/**
 * Object identity lives in YAML front matter under the one reserved key `vmark:` (`id`, optional
 * `schema`), written at a document's first capture (a save through VMark), never on open. It is
 * handled line by line so every other byte of the front matter stays as it was.
 */
export type IdentityRead =
  | { kind: 'none' }
  | { kind: 'id'; id: string; schema?: string }
  | { kind: 'malformed'; reason: string };

interface FrontMatter {
  /** Lines of the whole text, each with its line end. */
  lines: string[];
  /** Index of the closing `---` / `...` line. */
  close: number;
}

function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

const bare = (line: string): string => line.replace(/\r?\n$/, '');

function frontMatter(text: string): FrontMatter | null {
  if (!text.startsWith('---')) return null;
  const lines = splitLines(text);
  if (bare(lines[0] ?? '') !== '---') return null;
  for (let i = 1; i < lines.length; i++) {
    const line = bare(lines[i] as string);
    if (line === '---' || line === '...') return { lines, close: i };
  }
  return null;
}

/** The `vmark:` block: its first line and the line after its last indented line. */
function vmarkBlock(fm: FrontMatter): { start: number; end: number } | null {
  for (let i = 1; i < fm.close; i++) {
    if (!/^vmark:/.test(fm.lines[i] as string)) continue;
    let end = i + 1;
    while (end < fm.close && /^[ \t]/.test(fm.lines[end] as string)) end++;
    return { start: i, end };
  }
  return null;
}

export function readIdentity(text: string): IdentityRead {
  if (text.startsWith('---') && !frontMatter(text) && bare(splitLines(text)[0] ?? '') === '---') {
    return { kind: 'malformed', reason: 'the front matter has no closing --- line' };
  }
  const fm = frontMatter(text);
  if (!fm) return { kind: 'none' };
  const block = vmarkBlock(fm);
  if (!block) return { kind: 'none' };
  if (bare(fm.lines[block.start] as string).trim() !== 'vmark:') {
    return { kind: 'malformed', reason: 'the vmark: key must be a block with an indented id: line' };
  }
  let id: string | undefined;
  let schema: string | undefined;
  for (let i = block.start + 1; i < block.end; i++) {
    const match = /^\s+(id|schema):\s*["']?([^"'\s#]+)["']?\s*$/.exec(bare(fm.lines[i] as string));
    if (match?.[1] === 'id') id = match[2];
    else if (match?.[1] === 'schema') schema = match[2];
  }
  if (id === undefined || !UUID_PATTERN.test(id)) return { kind: 'malformed', reason: 'vmark.id is missing or not a UUID' };
  return schema === undefined ? { kind: 'id', id } : { kind: 'id', id, schema };
}

/** Adds `vmark: {id}` to the front matter (creating one when there is none); other bytes unchanged. */
export function insertIdentity(text: string, id: string): string {
  const eol = /\r\n/.test(text.slice(0, text.indexOf('\n') + 1)) ? '\r\n' : '\n';
  const fm = frontMatter(text);
  const block = `vmark:${eol}  id: ${id}${eol}`;
  if (!fm) return `---${eol}${block}---${eol}${text}`;
  const [open, ...rest] = fm.lines;
  return `${open as string}${block}${rest.join('')}`;
}

/**
 * Removes the `vmark:` block before hashing; a front matter that only held it goes as well, so a
 * document hashes the same before and after its id was added.
 */
export function maskIdentity(text: string): string {
  const fm = frontMatter(text);
  if (!fm) return text;
  const block = vmarkBlock(fm);
  if (!block) return text;
  const kept = [...fm.lines.slice(1, block.start), ...fm.lines.slice(block.end, fm.close)];
  const rest = fm.lines.slice(fm.close + 1).join('');
  if (kept.every((line) => line.trim() === '')) return rest;
  return `${fm.lines[0] as string}${kept.join('')}${fm.lines[fm.close] as string}${rest}`;
}
