import { ok, textFailure, type CallOutcome } from '@vmark/shared/protocol/outcome';
import { CoherenceError } from '@vmark/shared/lib/coherence/index';

/** Coherence answers data or a plain string error (the seed's form for every coherence refusal). */
export async function answer(work: () => Promise<unknown>): Promise<CallOutcome> {
  try {
    return ok(await work());
  } catch (error) {
    if (error instanceof CoherenceError) return textFailure(error.message);
    return textFailure(`The coherence kernel failed: ${(error as Error).message}. Nothing was resolved; retry, and if it repeats run \`vmark doctor\`.`);
  }
}
