export * from './types';
export * from './diagnostics';
export { parseActionText, formatAction, type ActionParse } from './actionGrammar';
export { parseWorkflow, type ParsedWorkflow } from './parser';
export { serializeWorkflow } from './serialize';
export { canonicalInputs, isDeterministicStep, isWriteStep, writeLedgerKey } from './ledger';
export { checkRunInputs, substituteInputs, type InputCheck } from './inputs';
