import { textOf, type Ai } from '../../tests/e2e/support/mcpClient';

/** One `document.write` that answered: its line, and what the answer promised. */
export interface Acknowledged {
  line: string;
  durable: boolean;
  saved: boolean;
  /** When the call was sent and when its answer came (ms since the epoch). */
  sentAt: number;
  answeredAt: number;
}

export interface WriteRun {
  acknowledged: Acknowledged[];
  /** Writes whose answer said the effect is unknown (the fault hit them in flight). */
  unknown: string[];
  /** The first refusal after the fault, verbatim (must say what happened and what to do). */
  refusal: string | null;
}

interface WriteAnswer {
  applied?: boolean;
  durable?: boolean;
  saved?: boolean;
}

/**
 * The AI appending one line per `document.write` to a tab, from the text its last write left, until
 * a call fails (the fault) or `stop()` says so. Every second write saves, the others stay in the tab
 * and the journal.
 */
export async function appendUntilFault(ai: Ai, tabId: string, base: string, prefix: string, stop: () => boolean, max = 400): Promise<WriteRun & { text: string }> {
  const run: WriteRun = { acknowledged: [], unknown: [], refusal: null };
  let text = base;
  for (let n = 0; n < max && !stop(); n++) {
    const line = `${prefix} ${n}`;
    const save = n % 2 === 0;
    const sentAt = Date.now();
    const result = await ai.call('document', { action: 'write', tabId, content: `${text}${line}\n`, save });
    if (result.isError) {
      run.unknown.push(line);
      run.refusal = textOf(result);
      break;
    }
    const answer = JSON.parse(textOf(result)) as WriteAnswer;
    if (answer.applied !== true) throw new Error(`${line}: answered without applied: ${textOf(result)}`);
    run.acknowledged.push({ line, durable: answer.durable === true, saved: answer.saved === true, sentAt, answeredAt: Date.now() });
    text = `${text}${line}\n`;
  }
  return { ...run, text };
}

/** Calls `session.get_state` until it answers (the stack recovered); the time it took, or null after `timeoutMs`. */
export async function untilRecovered(ai: Ai, timeoutMs = 30_000): Promise<number | null> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const result = await ai.call('session', { action: 'get_state' }).catch(() => null);
    if (result && !result.isError) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return null;
}

/** Acknowledged durable writes whose line is in none of the texts recovered after the fault. */
export function lostWrites(acknowledged: Acknowledged[], recovered: string[]): string[] {
  return acknowledged.filter((w) => w.durable && !recovered.some((t) => t.split('\n').includes(w.line))).map((w) => w.line);
}

/** Acknowledged saved writes whose line is not in the file. */
export function lostSaves(acknowledged: Acknowledged[], onDisk: string): string[] {
  const lines = onDisk.split('\n');
  return acknowledged.filter((w) => w.saved && !lines.includes(w.line)).map((w) => w.line);
}

/**
 * One round's acknowledged writes: what each answer promised, when it was sent and answered
 * relative to the fault, and in which of `places` (name, text) its line was found; a lossy round
 * prints the places' texts too.
 */
export function logWrites(name: string, run: WriteRun, faultAt: number, places: [string, string][], lost: Set<string>): void {
  const lines = places.map(([place, text]): [string, Set<string>] => [place, new Set(text.split('\n'))]);
  console.log(`  ${name}: ${run.acknowledged.length} answered, unknown ${JSON.stringify(run.unknown)}, refusal ${JSON.stringify(run.refusal)}`);
  for (const w of run.acknowledged) {
    const where = [...new Set(lines.filter(([, set]) => set.has(w.line)).map(([place]) => place))].join('+') || 'nowhere';
    const when = `sent ${w.sentAt - faultAt} ms, answered ${w.answeredAt - faultAt} ms from the fault`;
    console.log(`    ${w.line}: durable ${String(w.durable)} saved ${String(w.saved)} (${when}) → ${where}${lost.has(w.line) ? '  LOST' : ''}`);
  }
  if (lost.size === 0) return;
  for (const [place, text] of places) console.log(`    ${place}: ${JSON.stringify(text)}`);
}
