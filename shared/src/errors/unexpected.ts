import { domainFailure, type CallOutcome } from '../protocol/outcome';
import { internal } from './domainError';

/** Long enough for any real error sentence, short enough that no dump reaches the agent. */
const MAX_DETAIL_CHARS = 300;

/** The error's own sentence: its first line only, so no stack frame or source path reaches the agent. */
export function errorSummary(error: unknown): string {
  const raw = error instanceof Error ? error.message : typeof error === 'string' ? error : safeString(error);
  const firstLine = raw.split(/\r?\n/).find((line) => line.trim() !== '')?.trim() ?? '';
  const detail = firstLine.replace(/\s+at\s+\S+\s+\(?[^)]*:\d+:\d+\)?.*$/, '').trim() || 'no detail';
  return detail.length > MAX_DETAIL_CHARS ? `${detail.slice(0, MAX_DETAIL_CHARS - 1)}…` : detail;
}

function safeString(value: unknown): string {
  try {
    return String(value);
  } catch {
    return typeof value;
  }
}

/**
 * The one answer to an error nobody expected, whichever side caught it (the editor's dispatcher, its
 * connection, the extension's routers, the bridge): the seed's `INTERNAL` envelope with what failed,
 * the error's sentence and what to do next. The full error stays in the side's own log.
 */
export function unexpectedFailure(what: string, error: unknown): CallOutcome {
  return domainFailure(
    internal(`${what} failed unexpectedly: ${errorSummary(error)}. Its effect is unknown: read the current state before retrying; if it repeats, run \`vmark doctor\`.`),
  );
}
