export { applyPatches, parseWorkflow, type ApplyPatchesResult } from './applyPatches';
export { isWorkflowFile } from './detection';
export {
  IR_PATCH_KINDS,
  TRIGGER_FILTERS,
  findPatchProblem,
  pathSegments,
  type IRPatch,
  type IRPatchKind,
  type JsonValue,
  type PatchPath,
  type TriggerFilter,
  type WithValue,
} from './irPatch';
export { findMergeKeys } from './mergeKeys';
