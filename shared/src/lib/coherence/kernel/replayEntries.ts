import type { Entry } from '../ledger/entries';
import type { Ledger, MalformedLine } from '../ledger/ledger';
import { CoherenceIndex } from './coherenceIndex';
import { smallestPerIdem } from './repeatedIdems';

/**
 * Rebuilds the index from the whole ledger entry by entry, applying each as it is read (nothing else
 * keeps it, so most die young): any ledger, where `replayColumns` takes only the usual one. An idem
 * found repeated is settled by reading again: its copies are held back then, and the smallest
 * `(time, id)` of each applied at the end (entries apply in any order).
 */
export async function replayEntries(ledger: Ledger): Promise<{ index: CoherenceIndex; malformed: MalformedLine[] }> {
  let repeated = new Set<string>();
  for (;;) {
    ledger.resume(new Map());
    const index = new CoherenceIndex();
    const copies: Entry[] = [];
    const found = new Set<string>();
    const { malformed } = await ledger.readEach((entry) => {
      if (repeated.has(entry.idem)) copies.push(entry);
      else if (!index.apply(entry)) found.add(entry.idem);
    });
    if (found.size > 0) {
      repeated = new Set([...repeated, ...found]);
      continue;
    }
    for (const entry of smallestPerIdem(copies)) index.apply(entry);
    return { index, malformed };
  }
}
