import { describe, it } from 'vitest';
import type { IRPatch, JsonValue } from './irPatch';
import { expectPatched } from './testing/expectPatched';

const TRICKY_STRINGS = [
  '  leading spaces',
  'trailing spaces  ',
  'two\n\nparagraphs\n',
  'keep\n\n\n',
  '\nleading newline',
  'tab\there',
  'colon: space',
  '- dash',
  '{ brace',
  '[bracket',
  '&anchor',
  '*alias',
  '!tag',
  '%directive',
  '@at',
  '`tick',
  "it's \"quoted\"",
  'null',
  '~',
  '0x1F',
  '1e3',
  '.inf',
  'on',
  'ünïcödé ✓',
  '#hash',
  'a #b',
  '${{ matrix.os }}',
];

const TRICKY_VALUES: JsonValue[] = [
  ...TRICKY_STRINGS,
  0,
  -1.5,
  true,
  null,
  [],
  {},
  ['a', 'b, c', 'x\ny'],
  { nested: { deeper: ['x', 1, false, null] } },
  [{ name: 'step', run: 'echo 1\necho 2' }],
];

const src = [
  'on: push',
  'env:',
  '  PLAIN: value',
  "  SINGLE: 'value'",
  '  DOUBLE: "value"',
  '  LITERAL: |',
  '    value',
  '  FLOW: { a: 1 }',
  'jobs:',
  '  a:',
  '    needs: [b]',
  '    steps:',
  '      - run: x',
  '  b:',
  '    needs:',
  '      - a',
  '',
].join('\n');

describe('WFL-PATCH-01 any JSON value survives the round trip in every position', () => {
  const positions: [string, (value: JsonValue) => IRPatch][] = [
    ['a new block-mapping key', (value) => ({ kind: 'workflow.set', path: 'env.NEW', value })],
    ['a plain scalar', (value) => ({ kind: 'workflow.set', path: 'env.PLAIN', value })],
    ['a single-quoted scalar', (value) => ({ kind: 'workflow.set', path: 'env.SINGLE', value })],
    ['a double-quoted scalar', (value) => ({ kind: 'workflow.set', path: 'env.DOUBLE', value })],
    ['a literal block', (value) => ({ kind: 'workflow.set', path: 'env.LITERAL', value })],
    ['a flow-mapping entry', (value) => ({ kind: 'workflow.set', path: 'env.FLOW.b', value })],
    ['a compact list-item mapping', (value) => ({ kind: 'step.set', jobId: 'a', stepIndex: 0, path: 'x', value })],
  ];
  for (const [position, patchFor] of positions) {
    it.each(TRICKY_VALUES.map((value) => [JSON.stringify(value), value] as const))(`${position}: %s`, (_, value) => {
      expectPatched(src, [patchFor(value)]);
    });
  }

  it.each(TRICKY_STRINGS)('needs.add to flow and block lists: %j', (ref) => {
    expectPatched(src, [
      { kind: 'needs.add', jobId: 'a', ref },
      { kind: 'needs.add', jobId: 'b', ref },
      { kind: 'with.set', jobId: 'a', stepIndex: 0, key: ref, value: ref },
    ]);
  });
});
