import { isAlias, isMap, isScalar, isSeq, type Node, type Pair } from 'yaml';
import { TRIGGER_FILTERS } from '../irPatch';
import { isPlainBlockMap, isSingleLineScalar, keyLine, lastLineOfPair, lineWithNodeReplaced, pairOf, quoteLikeItems, spaces, type FixtureCase, type ParsedFixture } from './caseTools';
import { dashColumn, flow } from './needsCases';

const NEW_FILTER = ['vmark-a', 'vmark-b'];
const FILTER_LINE = /^ +branches: \[ ?vmark-a, vmark-b ?\]$/;

/** trigger.setFilters on `on:` written as a scalar, a list or a mapping. */
export function triggerCases(f: ParsedFixture): FixtureCase[] {
  const on = pairOf(f.doc.contents, 'on');
  if (!on) return [];
  const value = on.value as Node;
  if (isScalar(value)) {
    const event = String(value.value);
    return [converted(f, on, `on: ${event}`, event, [event])];
  }
  if (isSeq(value)) {
    const events = value.items.map((item) => String((item as { value: unknown }).value));
    return [converted(f, on, `on: [${events.join(', ')}]`, events[0] as string, events)];
  }
  return isPlainBlockMap(value) ? mappingCases(f, value.items) : [];
}

function converted(f: ParsedFixture, on: Pair, form: string, event: string, events: string[]): FixtureCase {
  const eventLine = (name: string) => new RegExp(`^ +${name.replace(/[^\w]/g, '\\$&')}:$`);
  return {
    title: `trigger.setFilters converts ${form} to a mapping`,
    patch: { kind: 'trigger.setFilters', event, filter: 'branches', value: NEW_FILTER },
    expected: {
      at: keyLine(f, on),
      removed: 1,
      added: [
        /^on:( #.*)?$/,
        ...events.flatMap((name) => (name === event ? [eventLine(name), FILTER_LINE] : [eventLine(name)])),
      ],
    },
  };
}

function mappingCases(f: ParsedFixture, events: Pair[]): FixtureCase[] {
  for (const eventPair of events) {
    const eventMap = eventPair.value;
    if (!isPlainBlockMap(eventMap)) continue;
    const filterPair = eventMap.items.find(
      (pair) => (TRIGGER_FILTERS as readonly unknown[]).includes((pair.key as { value?: unknown }).value) && !(pair.value as Node).anchor && !isMap(pair.value) && !isAlias(pair.value),
    );
    if (!filterPair) continue;
    const event = String((eventPair.key as { value: unknown }).value);
    const filter = String((filterPair.key as { value: unknown }).value) as (typeof TRIGGER_FILTERS)[number];
    const cases: FixtureCase[] = [
      { title: `trigger.setFilters replaces on.${event}.${filter}`, patch: { kind: 'trigger.setFilters', event, filter, value: NEW_FILTER }, expected: replacedFilter(f, filterPair) },
    ];
    if (eventMap.items.length > 1) {
      cases.push({
        title: `trigger.setFilters with [] removes on.${event}.${filter}`,
        patch: { kind: 'trigger.setFilters', event, filter, value: [] },
        expected: { at: keyLine(f, filterPair), removed: lastLineOfPair(f, filterPair) - keyLine(f, filterPair) + 1, added: [] },
      });
    }
    return cases;
  }
  const bare = events.find((pair) => isScalar(pair.value) && (pair.value as { value: unknown }).value === null);
  if (!bare) return [];
  const event = String((bare.key as { value: unknown }).value);
  return [
    {
      title: `trigger.setFilters adds a filter to the bare trigger ${event}:`,
      patch: { kind: 'trigger.setFilters', event, filter: 'branches', value: NEW_FILTER },
      expected: { at: keyLine(f, bare) + 1, removed: 0, added: [FILTER_LINE] },
    },
  ];
}

function replacedFilter(f: ParsedFixture, pair: Pair) {
  const value = pair.value as Node;
  const items = NEW_FILTER.map(isSeq(value) ? quoteLikeItems(value.items) : (text: string) => text);
  if (isSingleLineScalar(f, value) || (isSeq(value) && value.flow && lastLineOfPair(f, pair) === keyLine(f, pair))) {
    return { at: keyLine(f, pair), removed: 1, added: [lineWithNodeReplaced(f, value, flow(f, items))] };
  }
  if (!isSeq(value) || value.flow) throw new Error('unexpected filter layout');
  const dash = spaces(dashColumn(f, value.items[0] as Node));
  return {
    at: keyLine(f, pair) + 1,
    removed: lastLineOfPair(f, pair) - keyLine(f, pair),
    added: items.map((item) => `${dash}- ${item}`),
  };
}
