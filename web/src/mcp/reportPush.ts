import type { WindowReport, WindowReportPush } from '@vmark/shared';

/**
 * Keeps the extension's copy of this window's report current, so session.get_state and routing by tab
 * id need no round trip to this page. Changes are pushed once per microtask, only when the report
 * differs from the last one pushed on this port; `flushPending` pushes at once, which the connection
 * does before it posts an answer: port order then gives a caller's next get_state the state its call left.
 */
export class ReportPush {
  /** The last report pushed on the current port, as JSON; null: none yet (a new port). */
  private pushed: string | null = null;
  private scheduled = false;

  /** `build` answers null while there is nowhere to push (not registered). */
  constructor(
    private readonly build: () => WindowReport | null,
    private readonly post: (message: WindowReportPush) => void,
  ) {}

  /** The window changed: push once the current microtask's changes are in. */
  changed(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(() => this.flushPending());
  }

  /** Pushes a change that is still waiting for its microtask: before an answer, so the answer cannot overtake it. */
  flushPending(): void {
    if (this.scheduled) this.flush();
  }

  private flush(): void {
    this.scheduled = false;
    const report = this.build();
    if (!report) return;
    const json = JSON.stringify(report);
    if (json === this.pushed) return;
    this.pushed = json;
    this.post({ type: 'windowReport', report });
  }

  /** A new port (a worker registered this window afresh) holds no report yet: push the current one. */
  restart(): void {
    this.pushed = null;
    this.flush();
  }
}
