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
import { workflowCancel } from './browser/workflowCancel';
import { workflowRecord } from './browser/workflowRecord';
import { workflowRun } from './browser/workflowRun';
import { consoleRead } from './browserRead/console';
import { extract } from './browserRead/extract';
import { query } from './browserRead/query';
import { read } from './browserRead/read';
import { screenshot } from './browserRead/screenshot';
import { wait } from './browserRead/wait';
import { waitFor } from './browserRead/waitFor';
import { workflowStatus } from './browserRead/workflowStatus';

const HANDLERS: BrowserActionHandler[] = [act, style, executeJs, open, navigate, close, consoleClear, sessionSave, sessionLoad, read, screenshot, query, extract, consoleRead, wait, waitFor, workflowRun, workflowCancel, workflowRecord, workflowStatus];

/** "tool.action" → handler, for every browser action the extension implements. */
export const BROWSER_ACTIONS: ReadonlyMap<string, BrowserActionHandler> = new Map(HANDLERS.map((h) => [`${h.tool}.${h.action}`, h]));
