/**
 * `VMARK_BENCH_QUICK=1`: fewer calls, keystrokes and pages, for CI, which proves every bench still
 * runs end to end and prints its ratios. Goals are judged on full runs.
 */
export const QUICK = process.env.VMARK_BENCH_QUICK === '1';

export const count = (full: number, quick: number): number => (QUICK ? quick : full);
