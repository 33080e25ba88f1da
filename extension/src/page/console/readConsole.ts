// ISOLATED-world side of the console capture: reads (and for console_clear, empties) the
// buffer the MAIN-world shim writes. The buffer is page-writable, so every entry is re-validated.

import { clipText } from '../text/neutralise';
import { redactUrl } from '../text/redactUrl';
import { CONSOLE_BUFFER_ID, CONSOLE_MAX_ENTRIES, CONSOLE_MAX_TEXT_CHARS } from './consoleShim';

const LEVELS = new Set(['log', 'info', 'warn', 'error', 'debug']);

export interface ConsoleEntry {
  level: 'log' | 'info' | 'warn' | 'error' | 'debug';
  text: string;
}

export interface ConsoleResult {
  entries: ConsoleEntry[];
  url: string;
}

function parseEntries(raw: string): ConsoleEntry[] {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const entries: ConsoleEntry[] = [];
  for (const item of value.slice(-CONSOLE_MAX_ENTRIES)) {
    const { level, text } = (item ?? {}) as { level?: unknown; text?: unknown };
    if (typeof level === 'string' && LEVELS.has(level) && typeof text === 'string') {
      entries.push({ level: level as ConsoleEntry['level'], text: clipText(text, CONSOLE_MAX_TEXT_CHARS).text });
    }
  }
  return entries;
}

export function readConsole(): ConsoleResult {
  const buffer = document.getElementById(CONSOLE_BUFFER_ID);
  return { entries: buffer ? parseEntries(buffer.textContent ?? '[]') : [], url: redactUrl(location.href) };
}

/** Returns what was buffered, then empties the buffer (a DOM write, hence on `browser`). */
export function clearConsole(): ConsoleResult {
  const result = readConsole();
  const buffer = document.getElementById(CONSOLE_BUFFER_ID);
  if (buffer) buffer.textContent = '[]';
  return result;
}
