/** Whether dotted version `a` is newer than `b` ("1.7.12" > "1.6.22"); missing parts count as 0. */
export function isNewerVersion(a: string, b: string): boolean {
  const parts = (v: string) => v.split('.').map((part) => Number.parseInt(part, 10) || 0);
  const [left, right] = [parts(a), parts(b)];
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    const difference = (left[i] ?? 0) - (right[i] ?? 0);
    if (difference !== 0) return difference > 0;
  }
  return false;
}
