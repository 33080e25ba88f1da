import type { BrowserActionHandler } from '../defineBrowserAction';
import { act } from './browser/act';
import { close } from './browser/close';
import { consoleClear } from './browser/consoleClear';
import { executeJs } from './browser/executeJs';
import { navigate } from './browser/navigate';
import { open } from './browser/open';
import { sessionLoad } from './browser/sessionLoad';
import { sessionSave } from './browser/sessionSave';
import { style } from './browser/style';
import { workflowRecord } from './browser/workflowRecord';
import { consoleRead } from './browserRead/console';
import { extract } from './browserRead/extract';
import { query } from './browserRead/query';
import { read } from './browserRead/read';
import { screenshot } from './browserRead/screenshot';
import { wait } from './browserRead/wait';
import { waitFor } from './browserRead/waitFor';

const HANDLERS: BrowserActionHandler[] = [act, style, executeJs, open, navigate, close, consoleClear, sessionSave, sessionLoad, workflowRecord, read, screenshot, query, extract, consoleRead, wait, waitFor];

/** "tool.action" → handler, for every browser action the extension implements. */
export const BROWSER_ACTIONS: ReadonlyMap<string, BrowserActionHandler> = new Map(HANDLERS.map((h) => [`${h.tool}.${h.action}`, h]));
