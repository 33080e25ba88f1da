import type { JournalEntry, StoredJournalEntry, TextChange } from './db';

export const applyChange = (text: string, change: TextChange): string => text.slice(0, change.from) + change.insert + text.slice(change.to);

/**
 * The texts before and after each entry of one document (entries oldest first, as the byDoc index
 * gives them): a stored text, or the text after the entry an entry follows, plus its change.
 */
export async function rebuildTexts(entries: StoredJournalEntry[], storedText: (id: string) => Promise<string | undefined>): Promise<JournalEntry[]> {
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
  return rebuilt;
}
