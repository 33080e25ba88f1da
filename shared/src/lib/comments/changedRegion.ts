/** The one region where two texts differ: [start, oldEnd) in the old text became [start, newEnd) in the new. */
export interface ChangedRegion {
  start: number;
  oldEnd: number;
  newEnd: number;
}

/** Common prefix and suffix; null when the texts are equal. Linear, so it runs on every flush. */
export function changedRegion(oldText: string, newText: string): ChangedRegion | null {
  if (oldText === newText) return null;
  const shorter = Math.min(oldText.length, newText.length);
  let start = 0;
  while (start < shorter && oldText.charCodeAt(start) === newText.charCodeAt(start)) start++;
  let tail = 0;
  while (tail < shorter - start && oldText.charCodeAt(oldText.length - 1 - tail) === newText.charCodeAt(newText.length - 1 - tail)) tail++;
  return { start, oldEnd: oldText.length - tail, newEnd: newText.length - tail };
}
