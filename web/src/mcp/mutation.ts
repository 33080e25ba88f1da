import {
  DomainErrorException,
  aborted,
  busy,
  internal,
  invalidAddresses,
  invalidText,
  journalBusy,
  journalDegraded,
  journalUnavailable,
  readOnly,
  reviewBacklogFull,
  stale,
  staleParent,
  writeBusy,
  MAX_ADDRESSES,
  type AbortReason,
} from '@vmark/shared';
import { hasLoneSurrogate } from '@vmark/shared/lib/text/hasLoneSurrogate';
import { minimalChange } from '../lib/minimalChange';
import { piecesOf, slicePieces, splicePieces, type SplicedPieces } from '../lib/splicedPieces';
import { journalLockName, type AgentJournal } from '../journal/agentJournal';
import { isApplied, type JournalEntry, type StoredJournalEntry, type TextChange } from '../journal/db';
import type { Tab } from '../state/types';
import type { EditedText } from '../state/store';
import { docKeyOf } from '../comments/docKey';
import type { ActionContext } from './defineAction';
import { injectedDelay, takeInjectedFlag, testFaults } from '../lib/testFaults';

export const VIA_EDITOR = Symbol('via editor');

/** A replacement of `[from, to)` of the current text that the call knows (selection.set in source mode): checked and journaled without comparing whole texts. */
export interface Splice {
  splice: TextChange;
}

export { docKeyOf };

/** A write waits this long behind another write to the same document in this window (seed: WRITE_BUSY). */
export const WRITE_TURN_WAIT_MS = 3_000;

/** The tail of each document's queue of writes in this window. */
const queues = new Map<string, Promise<void>>();

/**
 * Writes to one document take turns in this window; a call that does not get its turn within
 * 3 s is refused with WRITE_BUSY and was not executed. (Another window that is recording a write
 * to the same file is JOURNAL_BUSY instead: see the journal lock below.)
 */
async function withDocumentTurn<T>(docKey: string, run: (holdTurnUntil: (done: Promise<unknown>) => void) => Promise<T>): Promise<T> {
  const previous = queues.get(docKey) ?? Promise.resolve();
  let release: () => void = () => undefined;
  const mine = new Promise<void>((resolve) => (release = resolve));
  const tail = previous.then(() => mine);
  queues.set(docKey, tail);
  const gotTurn = await Promise.race([
    previous.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), WRITE_TURN_WAIT_MS)),
  ]);
  if (!gotTurn) {
    // leave the queue without blocking those behind: our place passes on when the previous write ends
    void previous.then(release);
    throw new DomainErrorException(writeBusy(`Another write to this document held it for ${WRITE_TURN_WAIT_MS / 1000} s; this call was not executed. Retry.`));
  }
  // the turn may outlast the answer: a journal completion persisting behind it keeps the next write waiting
  let held: Promise<unknown> = Promise.resolve();
  try {
    return await run((done) => (held = done));
  } finally {
    void held
      .catch(() => undefined)
      .then(() => {
        release();
        if (queues.get(docKey) === tail) queues.delete(docKey);
      });
  }
}

export interface MutationPlan {
  tool: string;
  action: string;
  tab: Tab;
  /** True when the call named no tab: then a tab switch during recording also aborts. */
  implicitTab: boolean;
  expectedRevision: string | undefined;
  addresses: string[] | undefined;
  /** The text the AI sent (checked for lone surrogates). */
  input: string | null;
  /**
   * The new text, computed from the current one; null when the call changes nothing; VIA_EDITOR
   * when only the editor knows the result (WYSIWYG selection.set parses markdown into nodes).
   */
  compute(current: string): string | null | typeof VIA_EDITOR | Splice;
  /** Applies the change to `before` (the editor may normalise it); returns what the document now holds (and the replacement, when known). */
  apply(next: string | typeof VIA_EDITOR, before: string): string | EditedText;
  /** For selection.set: the selection must not move while the call is recorded. */
  watchSelection?: boolean;
}

export interface MutationResult {
  changed: boolean;
  revision: string;
  durable: boolean;
  content: string;
  entry: JournalEntry | null;
}

/** `addresses` must be distinct ids of live, unresolved threads of this document (no comments yet → none qualify). */
export function checkAddresses(addresses: string[] | undefined, knownOpenThreads: ReadonlySet<string>): void {
  if (!addresses || addresses.length === 0) return;
  const duplicates = addresses.length !== new Set(addresses).size;
  const unknown = addresses.filter((id) => !knownOpenThreads.has(id));
  if (addresses.length > MAX_ADDRESSES || duplicates || unknown.length > 0) {
    const why =
      addresses.length > MAX_ADDRESSES
        ? `at most ${MAX_ADDRESSES} ids are allowed, got ${addresses.length}`
        : duplicates
          ? 'an id is listed twice'
          : `not an open comment of this document: ${unknown.slice(0, 5).join(', ')}`;
    throw new DomainErrorException(invalidAddresses(`addresses refused (${why}); nothing was changed. Call comments.list for valid ids.`));
  }
}

const isHighSurrogate = (char: string) => char >= '\uD800' && char <= '\uDBFF';
const isLowSurrogate = (char: string) => char >= '\uDC00' && char <= '\uDFFF';

/**
 * Only the inserted text and its two neighbours can hold a surrogate the text before did not (scanning 5 MB
 * costs ~80 ms): a high surrogate just before it needs a low one after, a low one just after it a high one
 * before. The neighbours' other sides are untouched (a low surrogate before the change keeps its partner).
 */
function introducesLoneSurrogate(before: SplicedPieces, { from, to, insert }: TextChange): boolean {
  const left = slicePieces(before, Math.max(0, from - 1), from);
  const right = slicePieces(before, to, to + 1);
  return hasLoneSurrogate((isHighSurrogate(left) ? left : '') + insert + (isLowSurrogate(right) ? right : ''));
}

/** The text after a known replacement, or null when it replaces a range by what it already holds. */
function afterSplice(before: SplicedPieces, change: TextChange): SplicedPieces | null {
  const { from, to, insert } = change;
  if (to - from === insert.length && slicePieces(before, from, to) === insert) return null;
  // past the last piece the text is read whole once (V8 joins it in place) and becomes the next base
  return splicePieces(before, change) ?? splicePieces(piecesOf(before.text), change);
}

async function journalGate<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof DomainErrorException) throw error;
    throw new DomainErrorException(journalUnavailable(`The agent edit journal did not answer (${(error as Error).message}); nothing was changed.`));
  }
}

/**
 * The shared sequence of every mutating call (write, transform, selection.set, apply_patch):
 * refuse what must be refused → record in the journal → re-check that nothing moved → apply → complete.
 */
export async function runMutation(ctx: ActionContext, journal: AgentJournal, plan: MutationPlan, openThreads: ReadonlySet<string>): Promise<MutationResult> {
  const { store } = ctx;
  const tab = plan.tab;
  if (tab.readOnly) throw new DomainErrorException(readOnly());
  if (plan.expectedRevision !== undefined && plan.expectedRevision !== tab.revision) throw new DomainErrorException(stale(tab.revision));
  if (store.isComposing(tab.id)) throw new DomainErrorException(busy('The person is composing text with an input method in this tab; nothing was changed. Retry shortly.'));
  checkAddresses(plan.addresses, openThreads);
  if (plan.input !== null && hasLoneSurrogate(plan.input)) throw new DomainErrorException(invalidText());
  const docKey = docKeyOf(tab);
  return withDocumentTurn(docKey, async (holdTurnUntil) => {
    if (journal.isDegraded(docKey)) throw new DomainErrorException(journalDegraded());
    const current = store.tab(plan.tab.id);
    if (!current) throw new DomainErrorException(aborted('closed'));
    // a write that waited for its turn is judged against the document as it is now
    if (plan.expectedRevision !== undefined && plan.expectedRevision !== current.revision) throw new DomainErrorException(stale(current.revision));
    const tab = current;
    const computed = plan.compute(tab.content);
    const splice = typeof computed === 'object' && computed !== null ? computed.splice : null;
    const replaced = splice ?? (typeof computed === 'string' && computed !== tab.content ? minimalChange(tab.content, computed) : null);
    // a splice reads only what it touches of the text it spliced last time (`splicedPieces.ts`)
    const before = (splice && store.splicedPieces(tab.id, tab.content)) || piecesOf(tab.content);
    if (replaced && introducesLoneSurrogate(before, replaced)) {
      throw new DomainErrorException(invalidText());
    }
    // a splice that changes something is known to differ: no whole-text comparison
    const spliced = splice ? afterSplice(before, splice) : null;
    const next = splice ? (spliced?.text ?? null) : (computed as string | null | typeof VIA_EDITOR);
    if (next === null || (!splice && next === tab.content)) {
      // a call that changes nothing is not journaled
      return { changed: false, revision: tab.revision, durable: true, content: tab.content, entry: null };
    }
    // the answer goes out when the change is applied; the lock and the turn are held until a completion behind it has landed
    let answer: (result: MutationResult) => void = () => undefined;
    const answered = new Promise<MutationResult>((resolve) => (answer = resolve));
    const held = navigator.locks.request(journalLockName(docKey), { ifAvailable: true }, async (lock) => {
      // another window is recording a write to the same file
      if (!lock) throw new DomainErrorException(journalBusy());
      if ((await journalGate(() => journal.unreviewedCount(docKey))) >= journal.backlogLimit) {
        throw new DomainErrorException(reviewBacklogFull(`This document has ${journal.backlogLimit} AI changes that the person has not reviewed; nothing was changed. Ask them to review the AI changes panel.`));
      }
      const activeBefore = store.getSnapshot().activeTabId;
      const selectionBefore = store.selectionVersion(tab.id);
      // another tab's AI change this tab has not caught up with: refused inside the recording transaction
      const refuseStaleParent = (latest: StoredJournalEntry | null) => {
        if (latest && isApplied(latest) && latest.tabId !== tab.id && latest.at > tab.journalSeenAt) throw new DomainErrorException(staleParent());
      };
      const newEntry = {
        docKey,
        tabId: tab.id,
        tool: plan.tool,
        action: plan.action,
        client: ctx.principal.clientName,
        connectionId: ctx.principal.connectionId,
        addresses: plan.addresses ?? [],
        revisionBefore: tab.revision,
        contentBefore: tab.content,
      };
      // the text after is known: the record carries the change and the unsaved buffer gets the text after, in one transaction
      const entry = await journalGate(() =>
        replaced && next !== VIA_EDITOR
          ? ctx.buffers.withText(tab.id, next, (alongside) => journal.record(newEntry, refuseStaleParent, alongside ? { change: replaced, alongside } : undefined), {
              before: tab.content,
              change: replaced,
            })
          : journal.record(newEntry, refuseStaleParent),
      );
      // a test's hold between record and apply: outside the unsaved buffers' turn, which every tab of the window shares
      await injectedDelay(testFaults.journal.recordDelayMs);
      // takes the text back out of the unsaved buffer when the change does not happen
      const discard = async () => {
        const text = store.tab(tab.id)?.content ?? tab.content;
        await (entry.intended ? ctx.buffers.withText(tab.id, text, (alongside) => journal.discard(entry, alongside)) : journal.discard(entry)).catch(() => undefined);
      };
      store.flush();
      const now = store.tab(tab.id);
      // text under composition also changes the document: the input method is the reason then, not an edit
      const abortReason: AbortReason | null = !now
        ? 'closed'
        : store.isComposing(tab.id)
          ? 'composing'
          : now.revision !== tab.revision
            ? 'edited'
            : (plan.watchSelection && store.selectionVersion(tab.id) !== selectionBefore) ||
                (plan.implicitTab && store.getSnapshot().activeTabId !== activeBefore)
              ? 'selection'
              : null;
      if (abortReason) {
        await discard();
        throw new DomainErrorException(aborted(abortReason));
      }
      let content: string;
      let change: TextChange | null;
      try {
        if (takeInjectedFlag(testFaults.journal, 'failBeforeApply')) {
          throw new Error('injected editor failure before the change');
        }
        // the answer goes out before the UI renders the change
        store.holdViews();
        const applied = plan.apply(next, tab.content);
        [content, change] = typeof applied === 'string' ? [applied, null] : [applied.content, applied.change];
        if (spliced && content === spliced.text) store.keepSplicedPieces(tab.id, spliced);
        if (takeInjectedFlag(testFaults.journal, 'failAfterApply')) {
          throw new Error('injected editor failure after the change');
        }
      } catch (error) {
        store.catchUpEditors();
        const after = store.tab(tab.id);
        const changed = after !== undefined && after.content !== tab.content;
        if (changed && after) {
          const durable = await journal.complete(entry, after.revision, after.content);
          throw new DomainErrorException(internal(`The editor failed after the change: ${(error as Error).message}. Read before writing again.`, { applied: true, durable, current_revision: after.revision }));
        }
        await discard();
        throw new DomainErrorException(internal(`The editor failed: ${(error as Error).message}; the document may be partly changed. Read it again.`));
      }
      const revision = store.tab(tab.id)?.revision ?? tab.revision;
      let durable = true;
      let landed: Promise<void> = Promise.resolve();
      if (entry.intended && madeAsRecorded(entry.intended, next, content, change) && !completionFaultPending()) {
        // durable since the record: its completion only adds the revision after, behind the answer
        landed = journal.completeBehind(entry, revision, content);
      } else {
        // the answer waits for the completion: the editor must not stay behind the model meanwhile
        store.catchUpEditors();
        durable = await journal.complete(entry, revision, content, change ?? undefined);
      }
      store.updateTab(tab.id, (t) => ({ ...t, journalSeenAt: Date.now() }));
      answer({ changed: true, revision, durable, content, entry });
      await landed;
    });
    holdTurnUntil(held);
    return Promise.race([answered, held.then(() => answered)]);
  });
}

/** The editor made exactly the change the record carries (it may normalise what it is given). */
function madeAsRecorded(intended: TextChange, next: string | typeof VIA_EDITOR, content: string, change: TextChange | null): boolean {
  if (change) return change.from === intended.from && change.to === intended.to && change.insert === intended.insert;
  return next !== VIA_EDITOR && content === next;
}

/** Injected completion failures model a completion the write's durability waits for: such a write completes before it answers. */
const completionFaultPending = () => testFaults.journal.failCompletions > 0 || testFaults.journal.rejectCompletions > 0;
