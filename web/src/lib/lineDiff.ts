export type DiffLine = { kind: 'same' | 'added' | 'removed'; text: string };

/** Line diff by longest common subsequence; inputs past the cap fall back to "all removed, all added". */
export function lineDiff(before: string, after: string, maxCells = 4_000_000): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length * b.length > maxCells) {
    return [...a.map((text) => ({ kind: 'removed' as const, text })), ...b.map((text) => ({ kind: 'added' as const, text }))];
  }
  const lcs: Uint32Array[] = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      const row = lcs[i] as Uint32Array;
      row[j] = a[i] === b[j] ? (lcs[i + 1] as Uint32Array)[j + 1]! + 1 : Math.max((lcs[i + 1] as Uint32Array)[j]!, row[j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ kind: 'same', text: a[i] as string });
      i++;
      j++;
    } else if ((lcs[i + 1] as Uint32Array)[j]! >= (lcs[i] as Uint32Array)[j + 1]!) out.push({ kind: 'removed', text: a[i++] as string });
    else out.push({ kind: 'added', text: b[j++] as string });
  }
  while (i < a.length) out.push({ kind: 'removed', text: a[i++] as string });
  while (j < b.length) out.push({ kind: 'added', text: b[j++] as string });
  return out;
}
