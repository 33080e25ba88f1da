import { DomainErrorException, approvalRequired, invalidPath, stale } from '@vmark/shared';
import { addSnapshot } from '../journal/history';
import { saveTabTo, type SaveTarget } from '../documents/saveTab';
import type { ActionContext } from './defineAction';
import { scopePath } from './guards';
import { docKeyOf } from './mutation';
import { takeReadInputs } from './readSet';
import { injectedDelay, testFaults } from '../lib/testFaults';

export type { SaveTarget };

export type Journaled = 'yes' | 'pending' | 'no';

export type TabSaveOutcome =
  | { status: 'saved'; path: string; revision: string; journaled: Journaled }
  | { status: 'closed' }
  | { status: 'stale' }
  | { status: 'exists' }
  | { status: 'out-of-scope'; message: string }
  | { status: 'error'; message: string };

/**
 * An AI save of one tab: ordered against every other save of the same file, path re-checked when
 * its turn comes, and kept in the file's history as an (mcp) snapshot.
 */
export async function saveTabForAgent(ctx: ActionContext, tabId: string, target: SaveTarget, addresses: string[] = [], place?: number): Promise<TabSaveOutcome> {
  await injectedDelay(testFaults.journal.saveDelayMs);
  const result = await saveTabTo(ctx.store, tabId, target, {
    ...(place !== undefined ? { place } : {}),
    realpath: async (p) => (await ctx.hostService({ op: 'fs.realpath', path: p })) as string,
    cause: { by: 'agent', principal: ctx.principal, inputs: takeReadInputs(ctx.principal.connectionId, target.path) },
    stillInScope: () => {
      try {
        scopePath(ctx, target.path);
        return null;
      } catch (error) {
        return error instanceof DomainErrorException ? error.domainError.message : String(error);
      }
    },
  });
  if (result.status !== 'saved') return result;
  const saved = result.content;

  const tab = ctx.store.tab(tabId);
  const docKey = tab ? docKeyOf(tab) : target.path;
  let journaled: Journaled = 'no';
  try {
    const latest = await ctx.journal.latest(docKey);
    await addSnapshot({ docKey: target.path, kind: 'mcp', content: saved, addresses, journalEntryId: latest?.id ?? null });
    journaled = ctx.journal.isDegraded(docKey) ? 'pending' : 'yes';
  } catch {
    // a save is never an error because of the journal
    journaled = 'no';
  }
  return { status: 'saved', path: target.path, revision: tab?.revision ?? '', journaled };
}

/** The refusal a failed save of workspace.save / save_as answers with (seed: STALE, INVALID_PATH, APPROVAL_REQUIRED). */
export function saveFailure(ctx: ActionContext, tabId: string, path: string, outcome: Exclude<TabSaveOutcome, { status: 'saved' }>): DomainErrorException {
  switch (outcome.status) {
    case 'stale':
      return new DomainErrorException(
        stale(ctx.store.tab(tabId)?.revision ?? '', 'A later save already reached this file, so this one wrote nothing. Read the document before writing again.'),
      );
    case 'exists':
      return new DomainErrorException(approvalRequired(`A file appeared at ${path} while the save waited; it keeps its content and nothing was written.`));
    case 'closed':
      return new DomainErrorException(invalidPath(path, 'The tab was closed before it could be saved; nothing was written.'));
    case 'out-of-scope':
      return new DomainErrorException(invalidPath(path, outcome.message));
    case 'error':
      return new DomainErrorException(invalidPath(path, `Saving failed: ${outcome.message}`));
  }
}
