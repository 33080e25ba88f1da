import { isApplied, type JournalEntry, type StoredJournalEntry, type TextChange } from './db';

export const applyChange = (text: string, change: TextChange): string => text.slice(0, change.from) + change.insert + text.slice(change.to);

/**
 * The texts before and after each entry of one document (entries oldest first, as the byDoc index
 * gives them): a stored text, or the text after the entry an entry follows, plus its change.
 * An entry left recorded with the change it was about to make is listed applied (`isApplied`),
 * except those in `undecided` (this window is still marking them not applied).
 */
export async function rebuildTexts(
  stored: StoredJournalEntry[],
  storedText: (id: string) => Promise<string | undefined>,
  undecided: ReadonlySet<string> = new Set(),
): Promise<JournalEntry[]> {
  const after = new Map<string, string | null>();
  const rebuilt: JournalEntry[] = [];
  for (const entry of stored.map((e) => settled(e, undecided))) {
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
  return rebuilt;
}

/** An entry recorded with its intended change, as the applied entry it is. */
function settled(entry: StoredJournalEntry, undecided: ReadonlySet<string>): StoredJournalEntry {
  if (entry.state !== 'recorded' || !isApplied(entry) || undecided.has(entry.id)) return entry;
  const { intended, ...rest } = entry;
  return { ...rest, state: 'applied', change: intended };
}
