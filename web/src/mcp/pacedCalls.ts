import { WINDOW_REPORT_REQUEST, type CallRequest } from '@vmark/shared';
import type { WindowStore } from '../state/store';

type Call = Pick<CallRequest, 'tool' | 'action'>;

/**
 * Calls that need nothing the UI or an editor shows: while they follow each other closely, the UI
 * catches up with them at a pace (`VIEW_PACE_MS`). Every other call finds the UI and the editors
 * caught up when it starts, and its own changes are shown once it has answered (so a tab switch is
 * rendered, and its editor registered, before the call after it).
 */
const PACED = new Set(['document.read', 'document.write', 'document.transform', `${WINDOW_REPORT_REQUEST.tool}.${WINDOW_REPORT_REQUEST.action}`]);

const isPaced = (call: Call): boolean => PACED.has(`${call.tool}.${call.action}`);

/** Before a call reaches its handler. */
export function viewsBeforeCall(store: WindowStore, call: Call): void {
  if (!isPaced(call)) store.releaseViews();
}

/** Once the call's answer is posted. */
export function viewsAfterAnswer(store: WindowStore, call: Call): void {
  if (isPaced(call)) store.answerPosted();
  else store.releaseViews();
}
