/**
 * Realistic markdown of a given size: sections with headings, wrapped paragraphs with inline
 * marks and links, bullet, ordered and task lists, code fences, tables and block quotes. The first
 * line and the last block carry markers, so the bench can tell when the editor shows them.
 */

export const FIRST_MARKER = 'BENCHFIRSTBLOCK';
export const LAST_MARKER = 'BENCHLASTBLOCK';

const WORDS = (
  'the editor keeps every block byte for byte while a person types and an agent reads writes and ' +
  'reviews documents through the bridge so each change lands in the journal with its revision and ' +
  'the workspace stays in sync with the files on disk including tables lists code and quotes'
).split(' ');

function sentence(seed: number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[(seed * 7 + i * 13) % WORDS.length] as string);
  const text = out.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** One section (about 45 lines), varied by `n`. */
function section(n: number): string[] {
  const lines = [
    `## Section ${n}: notes on block ${n % 17}`,
    '',
    `${sentence(n, 12)} It has **strong text**, _emphasis_, \`inline code\` and a [link](https://example.com/${n}).`,
    `${sentence(n + 1, 14)} The paragraph wraps over several source lines,`,
    `${sentence(n + 2, 10)} as hand-written markdown often does.`,
    '',
    `- ${sentence(n + 3, 6)}`,
    `- ${sentence(n + 4, 8)} with \`code\``,
    `  - nested ${sentence(n + 5, 5)}`,
    `- ${sentence(n + 6, 7)}`,
    '',
    '```ts',
    `export function step${n}(input: string): number {`,
    `  const parts = input.split(',').map((p) => p.trim());`,
    `  return parts.length * ${n % 9 + 1};`,
    '}',
    '```',
    '',
    '| Column | Value | Notes |',
    '|:-------|------:|-------|',
    `| alpha | ${n} | ${sentence(n + 7, 3)} |`,
    `| beta | ${n * 2} | ${sentence(n + 8, 4)} |`,
    `| gamma | ${n * 3} | ${sentence(n + 9, 2)} |`,
    '',
    `1. ${sentence(n + 10, 6)}`,
    `2. ${sentence(n + 11, 5)}`,
    `3. ${sentence(n + 12, 7)}`,
    '',
    `> ${sentence(n + 13, 11)}`,
    `> ${sentence(n + 14, 9)}`,
    '',
    `- [x] ${sentence(n + 15, 4)}`,
    `- [ ] ${sentence(n + 16, 5)}`,
    '',
    `### Details ${n}`,
    '',
    `${sentence(n + 17, 16)} ${sentence(n + 18, 12)}`,
    '',
    `${sentence(n + 19, 9)} *Closing* remark for section ${n}.`,
    '',
  ];
  return lines;
}

const lastBlock = (label: string) => [`${LAST_MARKER} closes the ${label} document.`, ''];

/** About `lines` lines (whole sections, then the closing paragraph), `\n` line endings. */
export function markdownOfLines(lines: number): string {
  const out = [`# Bench document ${FIRST_MARKER}`, ''];
  for (let n = 1; out.length < lines - 2; n++) out.push(...section(n));
  out.length = Math.min(out.length, lines - 2);
  // never end inside a code fence
  const fences = out.filter((line) => line.startsWith('```')).length;
  if (fences % 2 === 1) out.push('```');
  out.push('', ...lastBlock(`${lines}-line`));
  return out.join('\n');
}

/** About `bytes` bytes of the same material. */
export function markdownOfBytes(bytes: number): string {
  const out = [`# Bench document ${FIRST_MARKER}`, ''];
  let size = 0;
  for (let n = 1; size < bytes; n++) {
    const lines = section(n);
    out.push(...lines);
    size += Buffer.byteLength(lines.join('\n')) + 1;
  }
  out.push(...lastBlock(`${bytes}-byte`));
  return out.join('\n');
}

export const lineCount = (text: string): number => text.split('\n').length;
