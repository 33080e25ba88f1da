import { isMap, visit, type Pair } from 'yaml';
import {
  columnOf,
  inQuotesOf,
  isSingleLineScalar,
  keyColumn,
  keyLine,
  lastLineOfPair,
  lastPair,
  lineWithNodeReplaced,
  pairOf,
  plainJobs,
  plainSteps,
  spaces,
  type FixtureCase,
  type ParsedFixture,
} from './caseTools';

/** Set an existing one-line scalar (`name`) or add a key after the mapping's last entry. */
export function setCases(f: ParsedFixture): FixtureCase[] {
  return [workflowNameCase(f), workflowEnvCase(f), jobSetCase(f), stepSetCase(f)].filter(
    (item): item is FixtureCase => item !== undefined,
  );
}

function workflowNameCase(f: ParsedFixture): FixtureCase | undefined {
  const name = pairOf(f.doc.contents, 'name');
  if (!name || !isSingleLineScalar(f, name.value)) return undefined;
  return {
    title: 'workflow.set name (existing scalar, quoting kept)',
    patch: { kind: 'workflow.set', path: 'name', value: 'VMark patched' },
    expected: replacedValue(f, name, 'VMark patched'),
  };
}

function workflowEnvCase(f: ParsedFixture): FixtureCase | undefined {
  const root = f.doc.contents;
  if (!isMap(root)) return undefined;
  const env = pairOf(root, 'env');
  const patch = { kind: 'workflow.set', path: 'env.VMARK_PATCHED', value: 'yes-patched' } as const;
  if (!env) {
    return {
      title: 'workflow.set env.X creates the env: mapping',
      patch,
      expected: {
        at: lastLineOfPair(f, lastPair(root)) + 1,
        removed: 0,
        added: ['env:', `${spaces(rootIndentStep(f))}VMARK_PATCHED: yes-patched`],
      },
    };
  }
  if (!isMap(env.value) || env.value.flow) return undefined;
  return {
    title: 'workflow.set env.X adds a key to env:',
    patch,
    expected: appendedPair(f, lastPair(env.value), 'VMARK_PATCHED: yes-patched'),
  };
}

function jobSetCase(f: ParsedFixture): FixtureCase | undefined {
  const job = plainJobs(f)[0];
  if (!job) return undefined;
  const patch = { kind: 'job.set', jobId: job.id, path: 'timeout-minutes', value: 17 } as const;
  const existing = pairOf(job.map, 'timeout-minutes');
  if (existing) {
    if (!isSingleLineScalar(f, existing.value)) return undefined;
    return { title: 'job.set timeout-minutes (existing)', patch, expected: replacedValue(f, existing, '17', false) };
  }
  return { title: 'job.set timeout-minutes (new key)', patch, expected: appendedPair(f, lastPair(job.map), 'timeout-minutes: 17') };
}

function stepSetCase(f: ParsedFixture): FixtureCase | undefined {
  const step = plainSteps(f)[0];
  if (!step) return undefined;
  const patch = { kind: 'step.set', jobId: step.jobId, stepIndex: step.index, path: 'name', value: 'VMark step' } as const;
  const existing = pairOf(step.map, 'name');
  if (existing) {
    if (!isSingleLineScalar(f, existing.value)) return undefined;
    return { title: 'step.set name (existing)', patch, expected: replacedValue(f, existing, 'VMark step') };
  }
  return { title: 'step.set name (new key)', patch, expected: appendedPair(f, lastPair(step.map), 'name: VMark step') };
}

/** One line changes: the old value's text is replaced, everything around it (comments) stays. */
export function replacedValue(f: ParsedFixture, pair: Pair, text: string, keepQuotes = true) {
  const value = pair.value;
  if (!isSingleLineScalar(f, value)) throw new Error('not a one-line scalar');
  const rendered = keepQuotes ? inQuotesOf(value, text) : text;
  return { at: keyLine(f, pair), removed: 1, added: [lineWithNodeReplaced(f, value, rendered)] };
}

/** One new line after the mapping's last entry, at the column of its keys. */
export function appendedPair(f: ParsedFixture, last: Pair, text: string) {
  return { at: lastLineOfPair(f, last) + 1, removed: 0, added: [`${spaces(keyColumn(f, last))}${text}`] };
}

/** The indent step of the first nested block mapping in the file (how the patcher indents new maps). */
export function rootIndentStep(f: ParsedFixture): number {
  let step: number | undefined;
  visit(f.doc, {
    Pair(_, pair) {
      const value = pair.value;
      if (step !== undefined || !isMap(value) || value.flow || !value.items[0]) return;
      const nested = columnOf(f.src, (value.items[0].key as { range: [number, number, number] }).range[0]);
      if (nested > keyColumn(f, pair)) step = nested - keyColumn(f, pair);
    },
  });
  return step ?? 2;
}
