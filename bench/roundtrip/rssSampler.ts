import { readFileSync } from 'node:fs';

const SAMPLE_INTERVAL_MS = 50;

export interface MemoryPeak {
  /** Highest VmRSS seen by polling, in kB. */
  sampledRssKb: number;
  /** The kernel's own high-water mark (VmHWM) at the last successful read, in kB. */
  highWaterKb: number;
}

function readStatusKb(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const match = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match?.[1] ? Number(match[1]) : null;
  } catch {
    return null; // the process has exited
  }
}

/** Polls /proc/PID/status of each named process until stopped; VmHWM catches peaks between polls. */
export class RssSampler {
  private readonly peaks = new Map<string, MemoryPeak>();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly pids: Record<string, number>) {
    for (const name of Object.keys(pids)) this.peaks.set(name, { sampledRssKb: 0, highWaterKb: 0 });
  }

  start(): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), SAMPLE_INTERVAL_MS);
  }

  /** Takes a last sample while the processes still run, then stops polling. */
  stop(): Map<string, MemoryPeak> {
    this.sample();
    if (this.timer) clearInterval(this.timer);
    return this.peaks;
  }

  private sample(): void {
    for (const [name, pid] of Object.entries(this.pids)) {
      const peak = this.peaks.get(name)!;
      peak.sampledRssKb = Math.max(peak.sampledRssKb, readStatusKb(pid, 'VmRSS') ?? 0);
      peak.highWaterKb = Math.max(peak.highWaterKb, readStatusKb(pid, 'VmHWM') ?? 0);
    }
  }
}
