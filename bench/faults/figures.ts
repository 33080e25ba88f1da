/** What one injected fault cost, summed over its rounds. */
export interface Tally {
  fault: string;
  rounds: number;
  keystrokes: number;
  /** Typed before the fault and not offered back. */
  keystrokesLost: number;
  /** Of those, typed longer than the journal's window before the fault. */
  keystrokesLostBeyondWindow: number;
  oldestLostKeystrokeMs: number;
  /** Text offered back that was never typed. */
  garbled: number;
  /** `document.write` calls that answered applied and durable. */
  durableWrites: number;
  /** Of those, on disk or in the journal after the fault: none missing. */
  writesLost: number;
  duplicated: number;
  /** Refusals of the call the fault hit that say neither what happened nor what to do. */
  refusalsWithoutNextStep: number;
  /** Rounds whose first call after recovery did not succeed. */
  nextCallFailed: number;
  recoveryMs: number[];
  /** Files the fault left behind (temp files of a save). */
  leftovers: number;
}

export function tally(fault: string): Tally {
  return { fault, rounds: 0, keystrokes: 0, keystrokesLost: 0, keystrokesLostBeyondWindow: 0, oldestLostKeystrokeMs: 0, garbled: 0, durableWrites: 0, writesLost: 0, duplicated: 0, refusalsWithoutNextStep: 0, nextCallFailed: 0, recoveryMs: [], leftovers: 0 };
}

/**
 * A refusal of a call cut by a fault must say what to do next: find out the state (its effect is
 * unknown) or retry (it was not sent).
 */
export const saysWhatToDo = (refusal: string | null) => refusal === null || /(get_state|read the|retry|reopen)/i.test(refusal);

const pad = (s: string | number, n: number) => String(s).padStart(n);

export function printTallies(tallies: Tally[], windowMs: number): boolean {
  console.log(`\n${'fault'.padEnd(34)}${pad('rounds', 7)}${pad('keys', 7)}${pad('lost', 6)}${pad(`>${windowMs}ms`, 9)}${pad('oldest', 8)}${pad('garbl', 6)}${pad('writes', 8)}${pad('lost', 6)}${pad('dup', 5)}${pad('no-step', 8)}${pad('next✗', 6)}${pad('left', 5)}${pad('recov p50', 10)}`);
  let clean = true;
  for (const t of tallies) {
    const sorted = [...t.recoveryMs].sort((a, b) => a - b);
    const p50 = sorted.length ? `${sorted[Math.floor(sorted.length / 2)]} ms` : '-';
    console.log(
      `${t.fault.padEnd(34)}${pad(t.rounds, 7)}${pad(t.keystrokes, 7)}${pad(t.keystrokesLost, 6)}${pad(t.keystrokesLostBeyondWindow, 9)}${pad(`${t.oldestLostKeystrokeMs}`, 8)}${pad(t.garbled, 6)}${pad(t.durableWrites, 8)}${pad(t.writesLost, 6)}${pad(t.duplicated, 5)}${pad(t.refusalsWithoutNextStep, 8)}${pad(t.nextCallFailed, 6)}${pad(t.leftovers, 5)}${pad(p50, 10)}`,
    );
    if (t.keystrokesLostBeyondWindow + t.garbled + t.writesLost + t.duplicated + t.refusalsWithoutNextStep + t.nextCallFailed + t.leftovers > 0) clean = false;
  }
  return clean;
}
