import { classifyGate, type Gate } from './classifyGate';
import { collectGateSignals } from './gateSignals';

/** Advisory only: tells the AI it is looking at a gate, never changes what is authorised. */
export function detectGate(): Gate | null {
  return classifyGate(collectGateSignals());
}
