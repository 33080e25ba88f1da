/** Every runtime VMark runs in (Node, a page, the extension worker) has these; shared names no platform library. */
const timers = globalThis as unknown as {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

interface Waiting<T> {
  peer: unknown;
  what: string;
  timer: unknown;
  resolve: (value: T) => void;
}

export interface OpenCall<T> {
  /** Names the call in refusals, e.g. "document.write". */
  what: string;
  /** Who has to answer (a socket, a port); `peerGone(peer)` ends its calls at once. */
  peer?: unknown;
  timeoutMs: number;
  /** The answer when none came within `timeoutMs`. */
  timedOut: (what: string) => T;
  /** The answer when the request could not be sent (send returned false or threw). */
  unsent: (what: string) => T;
}

/**
 * Request/response correlation for one hop: id → waiter, a timeout, and an end for every call
 * waiting on a peer that went away. Each call settles exactly once; a late answer is ignored.
 */
export class CallTracker<T> {
  private readonly waiting = new Map<string, Waiting<T>>();
  private nextId = 0;

  constructor(private readonly idPrefix: string) {}

  /** Opens a call under a fresh id, then hands the id to `send`, which puts the request on the wire. */
  open(call: OpenCall<T>, send: (id: string) => boolean | void): Promise<T> {
    const id = `${this.idPrefix}${++this.nextId}`;
    const answer = new Promise<T>((resolve) => {
      const timer = timers.setTimeout(() => this.settle(id, call.timedOut(call.what)), call.timeoutMs);
      this.waiting.set(id, { peer: call.peer, what: call.what, timer, resolve });
    });
    let sent: boolean | void;
    try {
      sent = send(id);
    } catch {
      sent = false;
    }
    if (sent === false) this.settle(id, call.unsent(call.what));
    return answer;
  }

  /** Delivers an answer; false when no call waits under that id (answered, timed out or ended). */
  settle(id: string, value: T): boolean {
    const waiting = this.waiting.get(id);
    if (!waiting) return false;
    this.waiting.delete(id);
    timers.clearTimeout(waiting.timer);
    waiting.resolve(value);
    return true;
  }

  /** Ends every call waiting on `peer` with `answer`; returns how many. */
  peerGone(peer: unknown, answer: (what: string) => T): number {
    return this.endWhere((w) => w.peer === peer, answer);
  }

  /** Ends every open call, e.g. when the one peer of this hop went away. */
  endAll(answer: (what: string) => T): number {
    return this.endWhere(() => true, answer);
  }

  get size(): number {
    return this.waiting.size;
  }

  private endWhere(match: (w: Waiting<T>) => boolean, answer: (what: string) => T): number {
    let ended = 0;
    for (const [id, waiting] of [...this.waiting]) {
      if (match(waiting) && this.settle(id, answer(waiting.what))) ended++;
    }
    return ended;
  }
}
