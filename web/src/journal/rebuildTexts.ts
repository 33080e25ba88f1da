import type { JournalEntry, StoredJournalEntry, TextChange } from './db';

export const applyChange = (text: string, change: TextChange): string => text.slice(0, change.from) + change.insert + text.slice(change.to);

export interface RebuildOptions {
  /** The document's text now: settles a last entry that a crash left recorded (see `settleRecorded`). */
  currentText?: string;
  /** Entries known not to be settled (a completion the journal rejected in this window: logged as not recorded). */
  unsettled?: ReadonlySet<string>;
}

/**
 * The texts before and after each entry of one document (entries oldest first, as the byDoc index
 * gives them): a stored text, or the text after the entry an entry follows, plus its change.
 */
export async function rebuildTexts(entries: StoredJournalEntry[], storedText: (id: string) => Promise<string | undefined>, options: RebuildOptions = {}): Promise<JournalEntry[]> {
  const after = new Map<string, string | null>();
  const rebuilt: JournalEntry[] = [];
  for (const entry of entries) {
    let contentBefore: string;
    let contentAfter: string | null;
    if (entry.before === undefined) {
      // written before texts were shared between entries
      contentBefore = entry.contentBefore ?? '';
      contentAfter = entry.contentAfter ?? null;
    } else {
      const source = 'textId' in entry.before ? await storedText(entry.before.textId) : after.get(entry.before.afterEntry);
      if (source == null) throw new Error(`journal entry ${entry.id}: the text before it is missing`);
      contentBefore = source;
      contentAfter = entry.change ? applyChange(source, entry.change) : null;
    }
    after.set(entry.id, contentAfter);
    const { contentBefore: _b, contentAfter: _a, ...rest } = entry;
    rebuilt.push({ ...rest, contentBefore, contentAfter });
  }
  return settleRecorded(rebuilt, options);
}

/**
 * An entry stays `recorded` with the change it was about to make when the window ended between
 * applying it and persisting its completion (the completion runs behind the answer). It was applied
 * exactly when the text the document held next (the next entry's text before, or the document's
 * text now for the last entry) is its text before plus that change.
 */
export function settleRecorded(entries: JournalEntry[], { currentText, unsettled }: RebuildOptions = {}): JournalEntry[] {
  return entries.map((entry, i) => {
    if (entry.state !== 'recorded' || !entry.intended || unsettled?.has(entry.id)) return entry;
    const next = i + 1 < entries.length ? entries[i + 1]!.contentBefore : currentText;
    if (next === undefined) return entry;
    const intendedAfter = applyChange(entry.contentBefore, entry.intended);
    return next === intendedAfter ? { ...entry, state: 'applied', change: entry.intended, contentAfter: intendedAfter } : entry;
  });
}
