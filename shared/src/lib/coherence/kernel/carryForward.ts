import type { Body } from '../ledger/entries';
import { edgeKey, producersOf, type CoherenceIndex, type Revision, type TrackedObject } from './coherenceIndex';

type Input = Body<'transformation'>['inputs'][number];

/**
 * The inputs a new revision of `object` keeps from the revision it descends from. An edit that is
 * not a re-derivation (an external edit, a save that names no sources) leaves the pins where they
 * were; an accepted newer upstream moves its pin to the revision it was accepted against.
 */
export function carriedInputs(index: CoherenceIndex, object: TrackedObject, from: Revision | null, except: ReadonlySet<string>): Input[] {
  if (!from) return [];
  const inputs = new Map<string, Input>();
  for (const txfId of producersOf(from)) {
    const txf = index.transformations.get(txfId);
    if (!txf || txf.object !== object.id) continue;
    txf.inputs.forEach((input, slot) => {
      if (input.role !== 'direct' || input.object === object.id || except.has(input.object)) return;
      let revision = input.revision;
      let newest = '';
      for (const resolution of index.resolutions.get(edgeKey(txf.id, slot)) ?? []) {
        if (resolution.kind === 'ratification' && resolution.time >= newest) {
          newest = resolution.time;
          revision = resolution.body.resolved_against;
        }
      }
      inputs.set(input.object, { object: input.object, revision, role: 'direct' });
    });
  }
  return [...inputs.values()];
}
