import { isScalar, isSeq, visit, type Node, type Pair, type Scalar } from 'yaml';
import {
  columnOf,
  isSingleLineScalar,
  keyLine,
  lastLineOf,
  lastLineOfPair,
  lastPair,
  lineOf,
  lineWithNodeReplaced,
  pairOf,
  plainJobs,
  quoteLikeItems,
  spaces,
  type FixtureCase,
  type ParsedFixture,
} from './caseTools';
import { appendedPair } from './setCases';

type NeedsForm = 'single' | 'flow' | 'block';

/** needs.add and needs.remove on the first job of each form of `needs`, and on a job without it. */
export function needsCases(f: ParsedFixture): FixtureCase[] {
  const jobs = plainJobs(f);
  const cases: FixtureCase[] = [];
  for (const form of ['single', 'flow', 'block'] as const) {
    const job = jobs.find(({ map }) => needsForm(f, pairOf(map, 'needs')) === form);
    if (!job) continue;
    const needs = pairOf(job.map, 'needs') as Pair;
    const present = isSeq(needs.value)
      ? needs.value.items.map((item) => String((item as Scalar).value))
      : [String((needs.value as Scalar).value)];
    const ref = jobs.map(({ id }) => id).find((id) => id !== job.id && !present.includes(id)) ?? 'vmark-extra-job';
    cases.push(
      { title: `needs.add to ${describe(needs)}`, patch: { kind: 'needs.add', jobId: job.id, ref }, expected: addExpectation(f, needs, present, ref) },
      {
        title: `needs.remove from ${describe(needs)}`,
        patch: { kind: 'needs.remove', jobId: job.id, ref: present[0] as string },
        expected: removeExpectation(f, needs),
      },
    );
  }
  const [first, ...others] = jobs;
  const without = others.find(({ map }) => !pairOf(map, 'needs'));
  if (first && without) {
    cases.push({
      title: 'needs.add on a job without needs writes needs: [ref]',
      patch: { kind: 'needs.add', jobId: without.id, ref: first.id },
      expected: appendedPair(f, lastPair(without.map), `needs: ${flow(f, [first.id])}`),
    });
  }
  return cases;
}

function needsForm(f: ParsedFixture, needs: Pair | undefined): NeedsForm | undefined {
  const value = needs?.value as Node | undefined;
  if (!value || value.anchor) return undefined;
  if (isSingleLineScalar(f, value)) return 'single';
  if (!isSeq(value) || !value.items.every(isScalar)) return undefined;
  if (!value.flow) return 'block';
  return lineOf(f.src, value.range?.[0] ?? 0) === lineOf(f.src, value.range?.[1] ?? 0) ? 'flow' : undefined;
}

function addExpectation(f: ParsedFixture, needs: Pair, present: string[], ref: string) {
  const value = needs.value;
  if (!isSeq(value)) return { at: keyLine(f, needs), removed: 1, added: [lineWithNodeReplaced(f, value, flow(f, [...present, ref]))] };
  const last = value.items[value.items.length - 1] as Scalar;
  const quoted = quoteLikeItems(value.items)(ref);
  if (value.flow) {
    const source = f.src.slice(last.range?.[0], last.range?.[1]);
    return { at: lineOf(f.src, last.range?.[0] ?? 0), removed: 1, added: [lineWithNodeReplaced(f, last, `${source}, ${quoted}`)] };
  }
  return { at: lastLineOf(f, last) + 1, removed: 0, added: [`${spaces(dashColumn(f, last))}- ${quoted}`] };
}

function removeExpectation(f: ParsedFixture, needs: Pair) {
  const value = needs.value;
  const wholePair = { at: keyLine(f, needs), removed: lastLineOfPair(f, needs) - keyLine(f, needs) + 1, added: [] };
  if (!isSeq(value) || value.items.length === 1) return wholePair;
  const [first, second] = value.items as [Scalar, Scalar];
  if (!value.flow) return { at: lineOf(f.src, first.range?.[0] ?? 0), removed: 1, added: [] };
  const line = f.lines[keyLine(f, needs)] ?? '';
  const start = columnOf(f.src, first.range?.[0] ?? 0);
  const end = columnOf(f.src, second.range?.[0] ?? 0);
  return { at: keyLine(f, needs), removed: 1, added: [line.slice(0, start) + line.slice(end)] };
}

function describe(needs: Pair): string {
  const value = needs.value;
  if (!isSeq(value)) return 'a single job id';
  return `a ${value.flow ? 'flow' : 'block'} list of ${value.items.length}`;
}

export function dashColumn(f: ParsedFixture, item: Node): number {
  return f.src.lastIndexOf('-', item.range?.[0]) - (f.src.lastIndexOf('\n', item.range?.[0]) + 1);
}

/** `[a, b]` as the patcher writes it, with the file's own flow padding. */
export function flow(f: ParsedFixture, items: string[]): string {
  let padded = false;
  let found = false;
  visit(f.doc, {
    Collection(_, node) {
      if (found || !node.flow || node.items.length === 0 || !node.range) return;
      found = true;
      padded = f.src[node.range[0] + 1] === ' ';
    },
  });
  const pad = padded ? ' ' : '';
  return `[${pad}${items.join(', ')}${pad}]`;
}
