import type { BrowserActionHandler } from '../defineBrowserAction';
import { close } from './browser/close';
import { consoleClear } from './browser/consoleClear';
import { navigate } from './browser/navigate';
import { open } from './browser/open';
import { consoleRead } from './browserRead/console';
import { extract } from './browserRead/extract';
import { query } from './browserRead/query';
import { read } from './browserRead/read';
import { screenshot } from './browserRead/screenshot';
import { wait } from './browserRead/wait';
import { waitFor } from './browserRead/waitFor';

const HANDLERS: BrowserActionHandler[] = [open, navigate, close, consoleClear, read, screenshot, query, extract, consoleRead, wait, waitFor];

/** "tool.action" → handler, for every browser action the extension implements. */
export const BROWSER_ACTIONS: ReadonlyMap<string, BrowserActionHandler> = new Map(HANDLERS.map((h) => [`${h.tool}.${h.action}`, h]));
