// MAIN-world console capture, injected at commit (and, dormant, at document_start). It must stay SELF-CONTAINED: the
// extension passes it to chrome.scripting (which serialises it with Function.prototype.toString),
// so it may not reference anything outside its own body — no imports, no module constants, and
// no syntax a bundler would lower into shared helpers (object spread, classes).
//
// Entries go into a hidden <script type="application/json"> element that the isolated world
// reads: no message channel from the page into the extension is ever opened.

export const CONSOLE_BUFFER_ID = '__vmark_console';
export const CONSOLE_MAX_ENTRIES = 200;
export const CONSOLE_MAX_TEXT_CHARS = 1_000;

/**
 * `active` writes the buffer as entries come. `dormant` (the early shim, registered at
 * document_start in the Sandbox's incognito window) captures from the first script on but keeps
 * the entries to itself until an active injection into the same document wakes it: only a tab
 * the extension knows to be an AI tab ever gets a buffer element.
 */
export type ConsoleShimStart = 'active' | 'dormant';

export function consoleShimSource(start: ConsoleShimStart): void {
  const BUFFER_ID = '__vmark_console';
  const MAX_ENTRIES = 200;
  const MAX_TEXT_CHARS = 1000;
  const INSTALLED = Symbol.for('vmark.consoleShim');
  const holder = window as unknown as Record<symbol, (() => void) | undefined>;
  const installed = holder[INSTALLED];
  if (typeof installed === 'function') {
    if (start === 'active') installed();
    return;
  }
  let active = start === 'active';
  Object.defineProperty(window, INSTALLED, {
    value: function activate(): void {
      if (active) return;
      active = true;
      scheduleFlush();
    },
  });

  // Captured before page scripts run, so a page that replaces them cannot break the shim.
  const stringify = JSON.stringify;
  const parse = JSON.parse;
  const queueFlush = queueMicrotask.bind(window);
  type Entry = { level: string; text: string };
  let stored: Entry[] = [];
  let pending: Entry[] = [];
  let lastWritten: string | null = null;
  let flushQueued = false;

  function describe(value: unknown): string {
    if (typeof value === 'string') return value;
    if (value instanceof Error) return (value.name || 'Error') + ': ' + value.message;
    if (value === undefined) return 'undefined';
    if (typeof value === 'function') return 'function ' + (value.name || '(anonymous)');
    if (typeof value === 'symbol' || typeof value === 'bigint') return String(value);
    if (value instanceof Node) {
      const element = value as Element;
      return '<' + value.nodeName.toLowerCase() + (element.id ? '#' + element.id : '') + '>';
    }
    try {
      // Bounded: a page logging a huge object must not pay for serialising all of it.
      let budget = 500;
      const json = stringify(value, function (_key: string, item: unknown): unknown {
        return --budget >= 0 ? item : undefined;
      });
      return json === undefined ? String(value) : json;
    } catch {
      try {
        return String(value);
      } catch {
        return '[unprintable]';
      }
    }
  }

  // printf-style substitutions of the first argument (%s %d %i %f %o %O %j; %c is CSS, dropped).
  function format(args: unknown[]): string {
    const first = args[0];
    let rest = 1;
    let head = '';
    if (typeof first === 'string' && first.indexOf('%') !== -1) {
      head = first.replace(/%([sdifoOjc%])/g, function (match: string, spec: string): string {
        if (spec === '%') return '%';
        if (rest >= args.length) return match;
        const arg = args[rest++];
        if (spec === 'c') return '';
        if (spec === 'd' || spec === 'i') return String(parseInt(String(arg), 10));
        if (spec === 'f') return String(parseFloat(String(arg)));
        return describe(arg);
      });
    } else if (args.length > 0) {
      head = describe(first);
    }
    const parts = [head];
    for (let i = rest; i < args.length; i++) parts.push(describe(args[i]));
    return parts.join(' ');
  }

  function bufferElement(): HTMLElement | null {
    let element = document.getElementById(BUFFER_ID);
    if (element) return element;
    const parent = document.head || document.documentElement;
    if (!parent) return null;
    element = document.createElement('script');
    element.setAttribute('type', 'application/json');
    element.id = BUFFER_ID;
    element.textContent = '[]';
    parent.appendChild(element);
    lastWritten = '[]';
    stored = [];
    return element;
  }

  function readStored(text: string): Entry[] {
    try {
      const value = parse(text);
      return Array.isArray(value) ? value.filter(function (e) { return e && typeof e.text === 'string'; }) : [];
    } catch {
      return [];
    }
  }

  function flush(): void {
    flushQueued = false;
    const element = bufferElement();
    if (!element) {
      // No <html> yet at document_start: retry once the parser has created it.
      document.addEventListener('readystatechange', scheduleFlush, { once: true });
      return;
    }
    const current = element.textContent || '[]';
    // Someone else wrote the buffer (console_clear writes "[]"): start from what is there now.
    if (current !== lastWritten) stored = readStored(current);
    stored = stored.concat(pending).slice(-MAX_ENTRIES);
    pending = [];
    lastWritten = stringify(stored);
    element.textContent = lastWritten;
  }

  function scheduleFlush(): void {
    if (flushQueued || !active) return;
    flushQueued = true;
    queueFlush(flush);
  }

  function record(level: string, text: string): void {
    pending.push({ level: level, text: text.length > MAX_TEXT_CHARS ? text.slice(0, MAX_TEXT_CHARS) : text });
    if (pending.length > MAX_ENTRIES) pending = pending.slice(-MAX_ENTRIES);
    scheduleFlush();
  }

  const target = console as unknown as Record<string, (...args: unknown[]) => void>;
  ['log', 'info', 'warn', 'error', 'debug'].forEach(function (level) {
    const original = target[level];
    if (typeof original !== 'function') return;
    target[level] = function (this: unknown, ...args: unknown[]): void {
      try {
        record(level, format(args));
      } catch {
        // Capture must never break the page's own logging.
      }
      return original.apply(this, args);
    };
  });

  window.addEventListener('error', function (event: ErrorEvent) {
    if (!(event instanceof ErrorEvent)) return;
    const message = event.error !== undefined && event.error !== null ? describe(event.error) : event.message || 'Script error.';
    record('error', message.indexOf('Uncaught') === 0 ? message : 'Uncaught ' + message);
  });
  window.addEventListener('unhandledrejection', function (event: PromiseRejectionEvent) {
    record('error', 'Unhandled rejection: ' + describe(event.reason));
  });
}
