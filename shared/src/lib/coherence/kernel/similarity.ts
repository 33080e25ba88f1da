/**
 * How alike two texts are, as git's rename detection judges it (`-M`, default 50 %): the share of
 * lines they have in common, counted as a multiset of lines (blank lines do not count), over the
 * longer text's line count. Used to tell a document moved and edited outside VMark from a delete
 * plus a new document.
 */

/** git's default rename threshold. */
export const SIMILAR_ENOUGH = 0.5;
/** Texts longer than this are not compared (the scan's work stays bounded). */
export const MAX_COMPARED_CHARS = 1_000_000;
/** At most this many pairs are compared in one scan; beyond it, vanished documents are treated as deleted. */
export const MAX_COMPARED_PAIRS = 10_000;

export interface LineBag {
  counts: Map<string, number>;
  lines: number;
}

export function lineBag(text: string): LineBag {
  const counts = new Map<string, number>();
  let lines = 0;
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    if (line.trim() === '') continue;
    counts.set(line, (counts.get(line) ?? 0) + 1);
    lines++;
  }
  return { counts, lines };
}

/** Common lines over the longer text's lines, 0..1 (0 when either has no non-blank line). */
export function similarity(a: LineBag, b: LineBag): number {
  if (a.lines === 0 || b.lines === 0) return 0;
  const [small, large] = a.counts.size <= b.counts.size ? [a, b] : [b, a];
  let common = 0;
  for (const [line, n] of small.counts) common += Math.min(n, large.counts.get(line) ?? 0);
  return common / Math.max(a.lines, b.lines);
}

/** The best score a pair can reach, from the line counts alone (common lines ≤ the shorter text's). */
const bound = (a: LineBag, b: LineBag): number => Math.min(a.lines, b.lines) / Math.max(a.lines, b.lines);

/**
 * Pairs each gone text with the new text it became: a pair is kept when it scores at least
 * `SIMILAR_ENOUGH` and is the unique best for both sides (a tie on either side keeps neither, as
 * which one it became is unknown). Returns gone index → new index.
 */
export function bestUniqueMatches(gone: readonly LineBag[], found: readonly LineBag[]): Map<number, number> {
  const scores: { g: number; f: number; score: number }[] = [];
  let compared = 0;
  for (let g = 0; g < gone.length; g++) {
    for (let f = 0; f < found.length; f++) {
      const a = gone[g] as LineBag;
      const b = found[f] as LineBag;
      if (bound(a, b) < SIMILAR_ENOUGH) continue;
      if (++compared > MAX_COMPARED_PAIRS) return new Map();
      const score = similarity(a, b);
      if (score >= SIMILAR_ENOUGH) scores.push({ g, f, score });
    }
  }
  const top = (key: 'g' | 'f'): Map<number, { score: number; tied: boolean }> => {
    const tops = new Map<number, { score: number; tied: boolean }>();
    for (const s of scores) {
      const now = tops.get(s[key]);
      if (!now || s.score > now.score) tops.set(s[key], { score: s.score, tied: false });
      else if (s.score === now.score) now.tied = true;
    }
    return tops;
  };
  const forGone = top('g');
  const forFound = top('f');
  const unique = (t: { score: number; tied: boolean } | undefined, score: number) => t !== undefined && !t.tied && t.score === score;
  const matches = new Map<number, number>();
  for (const s of scores) if (unique(forGone.get(s.g), s.score) && unique(forFound.get(s.f), s.score)) matches.set(s.g, s.f);
  return matches;
}
