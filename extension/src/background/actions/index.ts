import type { WindowActionHandler } from '../defineWindowAction';
import { getState } from './session/getState';
import { focusWindow } from './workspace/focusWindow';

const HANDLERS: WindowActionHandler[] = [getState, focusWindow];

/** "tool.action" → handler, for every action the extension answers about the editor windows. */
export const WINDOW_ACTIONS: ReadonlyMap<string, WindowActionHandler> = new Map(HANDLERS.map((h) => [`${h.tool}.${h.action}`, h]));
