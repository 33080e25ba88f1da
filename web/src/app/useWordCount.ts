import { useEffect, useMemo, useState } from 'react';
import { wordCount } from './wordCount';

/** Up to this many characters the count runs with the render (well under a millisecond per KB). */
const COUNT_NOW_CHARS = 100_000;
/** Longer documents are counted once the text has rested this long (the count of 5 MB takes ~0.5 s). */
const COUNT_LATER_MS = 1_000;

/**
 * The status bar's word count. The App renders on every store change, and a count runs regexes over
 * the whole text, so it is kept per text and, for long documents, taken off the edit path: it
 * follows a moment after typing or an AI edit stops (the last count of the same tab shows until then).
 */
export function useWordCount(tabId: string | null, text: string): number | null {
  const now = text.length <= COUNT_NOW_CHARS;
  const immediate = useMemo(() => (now ? wordCount(text) : null), [now, text]);
  const [later, setLater] = useState<{ tabId: string | null; text: string; words: number } | null>(null);
  useEffect(() => {
    // the count of another tab holds that tab's whole text: let it go
    if (later && later.tabId !== tabId) setLater(null);
    if (now || (later?.tabId === tabId && later.text === text)) return;
    const timer = setTimeout(() => setLater({ tabId, text, words: wordCount(text) }), COUNT_LATER_MS);
    return () => clearTimeout(timer);
  }, [now, tabId, text, later]);
  if (now) return immediate;
  return later?.tabId === tabId ? later.words : null;
}
