import type { IRPatch, JsonValue } from '../irPatch';

type PlainMap = { [key: string]: unknown };

/**
 * What a patch should do to the plain value of a workflow (reference vmark.md §6), written
 * independently of the text patcher so that tests can compare `toJS()` before and after.
 */
export function applyPatchToPlain(plain: unknown, patch: IRPatch): unknown {
  const root = structuredCloneJson(plain) as PlainMap;
  const jobs = root['jobs'] as PlainMap | undefined;
  switch (patch.kind) {
    case 'workflow.set':
      setIn(root, segmentsOf(patch.path), patch.value);
      break;
    case 'job.set':
      setIn(jobs?.[patch.jobId] as PlainMap, segmentsOf(patch.path), patch.value);
      break;
    case 'step.set':
      setIn(stepOf(jobs, patch.jobId, patch.stepIndex), segmentsOf(patch.path), patch.value);
      break;
    case 'with.set': {
      const step = stepOf(jobs, patch.jobId, patch.stepIndex);
      step['with'] = { ...((step['with'] as PlainMap | null) ?? {}), [patch.key]: patch.value };
      break;
    }
    case 'with.remove': {
      const inputs = stepOf(jobs, patch.jobId, patch.stepIndex)['with'] as PlainMap | undefined;
      if (inputs) delete inputs[patch.key];
      break;
    }
    case 'needs.add':
    case 'needs.remove':
      updateNeeds(jobs?.[patch.jobId] as PlainMap, patch.ref, patch.kind === 'needs.add');
      break;
    case 'trigger.setFilters':
      setFilters(root, patch.event, patch.filter, patch.value);
      break;
  }
  return root;
}

function updateNeeds(job: PlainMap, ref: string, add: boolean): void {
  const current = job['needs'];
  const list = current === undefined || current === null ? [] : Array.isArray(current) ? [...current] : [current];
  if (add) {
    if (!list.includes(ref)) job['needs'] = [...list, ref];
    return;
  }
  const index = list.indexOf(ref);
  if (index === -1) return;
  list.splice(index, 1);
  if (list.length === 0) delete job['needs'];
  else job['needs'] = list;
}

function setFilters(root: PlainMap, event: string, filter: string, value: string[]): void {
  const on = root['on'];
  if (value.length === 0 && (typeof on === 'string' || Array.isArray(on))) return;
  let triggers: PlainMap;
  if (typeof on === 'string') triggers = { [on]: null };
  else if (Array.isArray(on)) triggers = Object.fromEntries(on.map((name) => [String(name), null]));
  else triggers = on as PlainMap;
  root['on'] = triggers;
  const current = triggers[event];
  if (value.length === 0) {
    if (current && typeof current === 'object') delete (current as PlainMap)[filter];
    return;
  }
  triggers[event] = { ...((current as PlainMap | null) ?? {}), [filter]: value };
}

function setIn(base: PlainMap, segments: string[], value: JsonValue): void {
  let node: PlainMap = base;
  for (const segment of segments.slice(0, -1)) {
    const next = node[segment];
    if (next === undefined || next === null) node[segment] = {};
    node = node[segment] as PlainMap;
  }
  node[segments[segments.length - 1] as string] = value;
}

function stepOf(jobs: PlainMap | undefined, jobId: string, index: number): PlainMap {
  const job = jobs?.[jobId] as PlainMap;
  return (job['steps'] as PlainMap[])[index] as PlainMap;
}

function segmentsOf(path: string | readonly string[]): string[] {
  return typeof path === 'string' ? path.split('.') : [...path];
}

function structuredCloneJson(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value)) as unknown;
}
