import { ok, textFailure, type CallOutcome } from '@vmark/shared/protocol/outcome';
import { CoherenceError, withCallLimit, type CoherenceCall } from '@vmark/shared/lib/coherence/index';

/**
 * Coherence answers data or a plain string error (the seed's form for every coherence refusal).
 * The whole call, opening the workspace's kernel included, answers TIMEOUT after 20 s (seed).
 */
export async function answer(call: CoherenceCall, work: () => Promise<unknown>): Promise<CallOutcome> {
  try {
    return ok(await withCallLimit(work(), call.what, call.isWrite));
  } catch (error) {
    if (error instanceof CoherenceError) return textFailure(error.message);
    return textFailure(`The coherence kernel failed: ${(error as Error).message}. Nothing was resolved; retry, and if it repeats run \`vmark doctor\`.`);
  }
}
