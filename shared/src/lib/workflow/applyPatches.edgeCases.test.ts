import { describe, expect, it } from 'vitest';
import { applyPatches, parseWorkflow } from './applyPatches';
import type { IRPatch } from './irPatch';
import { expectPatched } from './testing/expectPatched';
import { workflowFixture } from './testing/fixtures';

const lines = (...rows: string[]): string => rows.map((row) => `${row}\n`).join('');

/** Patches `before` and checks the exact text (and, via expectPatched, the semantics). */
function expectText(before: string, patches: IRPatch[], after: string): void {
  expect(expectPatched(before, patches)).toBe(after);
}

describe('WFL-PATCH-01 anchors and aliases', () => {
  const src = lines(
    'jobs:',
    '  build:',
    '    steps:',
    '      - &CHECKOUT',
    '        uses: actions/checkout@v4 # pinned',
    '      - run: make',
    '  test:',
    '    steps:',
    '      - *CHECKOUT',
    '      - run: make test',
  );

  it('WFL-05 leaves anchors and aliases byte-identical when patching elsewhere', () => {
    expectText(
      src,
      [{ kind: 'with.set', jobId: 'test', stepIndex: 1, key: 'target', value: 'all' }],
      src.replace('      - run: make test\n', '      - run: make test\n        with:\n          target: all\n'),
    );
  });

  it('refuses to edit through an alias', () => {
    const result = applyPatches(src, [{ kind: 'step.set', jobId: 'test', stepIndex: 0, path: 'name', value: 'x' }]);
    expect(result).toMatchObject({ ok: false, index: 0, message: expect.stringContaining('alias *CHECKOUT') });
  });

  it('refuses to edit an anchored node, whose aliases would change too', () => {
    const result = applyPatches(src, [{ kind: 'with.set', jobId: 'build', stepIndex: 0, key: 'ref', value: 'main' }]);
    expect(result).toMatchObject({ ok: false, index: 0, message: expect.stringContaining('anchor &CHECKOUT') });
  });

  it('refuses to replace a subtree that defines an anchor still used elsewhere', () => {
    const result = applyPatches(src, [{ kind: 'job.set', jobId: 'build', path: 'steps', value: [] }]);
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining('&CHECKOUT') });
  });

  it('Pillow: an anchored filter list is refused, its alias can be replaced by a list of its own', () => {
    const pillow = workflowFixture('python-pillow__Pillow__test.yml');
    const anchored = applyPatches(pillow, [{ kind: 'trigger.setFilters', event: 'push', filter: 'paths-ignore', value: ['a'] }]);
    expect(anchored).toMatchObject({ ok: false, message: expect.stringContaining('&paths-ignore') });
    const after = expectPatched(pillow, [{ kind: 'trigger.setFilters', event: 'pull_request', filter: 'paths-ignore', value: ['docs/**'] }]);
    expect(after).toBe(pillow.replace('    paths-ignore: *paths-ignore', '    paths-ignore: [docs/**]'));
  });

  it('refuses to edit through a "<<" merge key', () => {
    const merged = lines('x: &base', '  A: 1', 'env:', '  <<: *base', '  B: 2', 'jobs: {}');
    const result = applyPatches(merged, [{ kind: 'workflow.set', path: 'env.A', value: 3 }]);
    expect(result).toMatchObject({ ok: false, message: expect.stringContaining('merge key') });
  });
});

describe('WFL-PATCH-01 block scalars', () => {
  const src = lines(
    'jobs:',
    '  a:',
    '    steps:',
    '      - run: |',
    '          echo hi',
    '          echo there',
    '',
    '      - name: folded',
    '        run: >',
    '          a',
    '          b',
    '    env:',
    '      KEEP: |+',
    '        x',
    '',
  );

  it('replaces a literal | block in the same style and indentation', () => {
    expectText(
      src,
      [{ kind: 'step.set', jobId: 'a', stepIndex: 0, path: 'run', value: 'echo one\necho two\n' }],
      src.replace('echo hi\n          echo there\n', 'echo one\n          echo two\n'),
    );
  });

  it('replaces a folded > block keeping it folded', () => {
    expectText(src, [{ kind: 'step.set', jobId: 'a', stepIndex: 1, path: 'run', value: 'c d\n' }], src.replace('a\n          b\n', 'c d\n'));
  });

  it('adds a key after a literal block, before its trailing blank line', () => {
    expectText(
      src,
      [{ kind: 'step.set', jobId: 'a', stepIndex: 0, path: 'shell', value: 'bash' }],
      src.replace('echo there\n\n', 'echo there\n        shell: bash\n\n'),
    );
  });

  it('keeps the trailing blank lines of a |+ block, which belong to its value', () => {
    expectText(src, [{ kind: 'job.set', jobId: 'a', path: 'env.NEXT', value: 1 }], `${src}      NEXT: 1\n`);
  });

  it('writes a new multi-line string as a literal block', () => {
    expectText(
      src,
      [{ kind: 'job.set', jobId: 'a', path: 'env.SCRIPT', value: 'one\ntwo' }],
      `${src}      SCRIPT: |-\n        one\n        two\n`,
    );
  });
});

describe('WFL-PATCH-01 flow collections and long lines', () => {
  it('keeps flow lists flow, with their padding', () => {
    const src = lines('on:', '  push:', '    branches: [ main, dev ] # protected', 'jobs:', '  a:', '    needs: [ b ]', '  b:', '    runs-on: x');
    expectText(
      src,
      [
        { kind: 'trigger.setFilters', event: 'push', filter: 'branches', value: ['x', 'y'] },
        { kind: 'needs.add', jobId: 'a', ref: 'c' },
        { kind: 'needs.add', jobId: 'b', ref: 'a' },
      ],
      src
        .replace('[ main, dev ] # protected', '[ x, y ] # protected')
        .replace('[ b ]', '[ b, c ]')
        .replace('runs-on: x\n', 'runs-on: x\n    needs: [ a ]\n'),
    );
  });

  it('keeps block lists block, at their own dash column', () => {
    const src = lines('on:', '  push:', '    paths:', '    - src/**', '    - docs/**', 'jobs: {}');
    expectText(
      src,
      [{ kind: 'trigger.setFilters', event: 'push', filter: 'paths', value: ['lib/**', 'docs/**'] }],
      src.replace('    - src/**\n', '    - lib/**\n'),
    );
  });

  it('writes new list items in the quoting style of the items they replace', () => {
    const src = lines('on:', '  push:', '    branches: ["master"]', '    paths:', '      - "src/**"', 'jobs: {}');
    expectText(
      src,
      [
        { kind: 'trigger.setFilters', event: 'push', filter: 'branches', value: ['main', 'dev'] },
        { kind: 'trigger.setFilters', event: 'push', filter: 'paths', value: ['lib/**'] },
      ],
      src.replace('["master"]', '["main", "dev"]').replace('"src/**"', '"lib/**"'),
    );
  });

  it('never folds a long value; a new list too long for one line is written as a block list', () => {
    const src = lines('on: push', 'jobs:', '  a:', '    runs-on: x');
    const long = 'x'.repeat(300);
    const paths = ['a/very/long/path/**', 'another/very/long/path/**', 'a/third/long/path/**'];
    expectText(
      src,
      [
        { kind: 'workflow.set', path: 'env.LONG', value: long },
        { kind: 'trigger.setFilters', event: 'push', filter: 'paths', value: paths },
      ],
      lines('on:', '  push:', '    paths:', ...paths.map((path) => `      - ${path}`), 'jobs:', '  a:', '    runs-on: x', 'env:', `  LONG: ${long}`),
    );
  });

  it('edits matrices without touching include entries', () => {
    const src = lines(
      'jobs:',
      '  t:',
      '    strategy:',
      '      matrix:',
      '        os: [ubuntu-latest, windows-latest]',
      '        include:',
      '          - { os: macos-latest, node: 20 }',
      '    runs-on: ${{ matrix.os }}',
    );
    expectText(
      src,
      [
        { kind: 'job.set', jobId: 't', path: 'strategy.matrix.os', value: ['ubuntu-24.04'] },
        { kind: 'job.set', jobId: 't', path: 'strategy.fail-fast', value: false },
      ],
      src.replace('[ubuntu-latest, windows-latest]', '[ubuntu-24.04]').replace('node: 20 }\n', 'node: 20 }\n      fail-fast: false\n'),
    );
  });

  it('adds to and removes from a flow with: mapping', () => {
    const src = lines('jobs:', '  a:', '    steps:', '      - uses: x', '        with: { a: 1, b: 2 }');
    expectText(
      src,
      [
        { kind: 'with.remove', jobId: 'a', stepIndex: 0, key: 'a' },
        { kind: 'with.set', jobId: 'a', stepIndex: 0, key: 'c', value: 'x y' },
      ],
      src.replace('{ a: 1, b: 2 }', '{ b: 2, c: x y }'),
    );
  });
});

describe('WFL-PATCH-01 line endings and the final newline', () => {
  it('writes new lines with CRLF into a CRLF file and keeps a missing final newline', () => {
    const src = 'on: push\r\njobs:\r\n  a:\r\n    steps:\r\n      - run: x\r\n    needs: b';
    expectText(
      src,
      [
        { kind: 'with.set', jobId: 'a', stepIndex: 0, key: 'k', value: 'v' },
        { kind: 'job.set', jobId: 'a', path: 'timeout-minutes', value: 3 },
      ],
      'on: push\r\njobs:\r\n  a:\r\n    steps:\r\n      - run: x\r\n        with:\r\n          k: v\r\n    needs: b\r\n    timeout-minutes: 3',
    );
  });

  it('removing the last line of a file without a final newline does not add one', () => {
    const src = 'on: push\r\njobs:\r\n  a:\r\n    runs-on: x\r\n    needs: b';
    expectText(src, [{ kind: 'needs.remove', jobId: 'a', ref: 'b' }], 'on: push\r\njobs:\r\n  a:\r\n    runs-on: x');
  });

  it('ShareX (no final newline): adding after the last line keeps the file without one', () => {
    const sharex = workflowFixture('ShareX__ShareX__build.yml');
    const after = expectPatched(sharex, [{ kind: 'workflow.set', path: 'env.X', value: '1' }]);
    expect(after).toBe(`${sharex}\nenv:\n  X: "1"`);
  });
});

describe('WFL-PATCH-01 comments and quoting', () => {
  const src = lines(
    '# header',
    "'on':",
    '  push: # every push',
    'env:',
    '  # before FOO',
    "  \"FOO\": 'bar'   # after FOO",
    '  # after FOO, own line',
    '  BAR: "baz"',
    'jobs: {}',
  );

  it('keeps comments right before and after the patched node and its quoting style', () => {
    expectText(
      src,
      [
        { kind: 'workflow.set', path: 'env.FOO', value: "it's" },
        { kind: 'workflow.set', path: 'env.BAR', value: 'q' },
      ],
      src.replace("'bar'   # after FOO", "'it''s'   # after FOO").replace('"baz"', '"q"'),
    );
  });

  it("works under a quoted 'on': key and keeps the trigger's comment", () => {
    expectText(
      src,
      [{ kind: 'trigger.setFilters', event: 'push', filter: 'tags', value: ['v*'] }],
      src.replace('  push: # every push\n', '  push: # every push\n    tags: [v*]\n'),
    );
  });

  it('quotes new values that YAML would otherwise read differently', () => {
    const values = ['*.md', '1.0', '', 'a: b', '# x', 'true', '- a', '${{ github.ref }}'];
    const patches = values.map((value, i): IRPatch => ({ kind: 'workflow.set', path: ['env', `V${i}`], value }));
    const after = expectPatched(src, patches);
    expect(parseWorkflow(after).toJS().env).toMatchObject(Object.fromEntries(values.map((value, i) => [`V${i}`, value])));
  });

  it("converts on: push to a mapping, keeping the line's comment; on stays a string key (YAML 1.2)", () => {
    const onPush = lines('name: x', 'on: push # trigger', 'jobs: {}');
    const after = expectPatched(onPush, [{ kind: 'trigger.setFilters', event: 'push', filter: 'branches', value: ['main'] }]);
    expect(after).toBe(lines('name: x', 'on: # trigger', '  push:', '    branches: [main]', 'jobs: {}'));
    expect(Object.keys(parseWorkflow(after).toJS() as object)).toEqual(['name', 'on', 'jobs']);
  });
});

describe('WFL-PATCH-01 paths', () => {
  const src = lines('jobs:', '  a:', '    steps:', '      - uses: actions/checkout@v4', '      - run: make');

  it('workflow.set walks into a list by index and creates missing mappings below it', () => {
    expectText(
      src,
      [
        { kind: 'workflow.set', path: 'jobs.a.steps.1.name', value: 'Build' },
        { kind: 'workflow.set', path: ['jobs', 'a', 'steps', '0', 'with', 'fetch-depth'], value: 0 },
      ],
      lines('jobs:', '  a:', '    steps:', '      - uses: actions/checkout@v4', '        with:', '          fetch-depth: 0', '      - run: make', '        name: Build'),
    );
  });

  it('step.set accepts a dotted path into an existing mapping', () => {
    const withInputs = src.replace('checkout@v4\n', 'checkout@v4\n        with:\n          ref: main\n');
    expectText(
      withInputs,
      [{ kind: 'step.set', jobId: 'a', stepIndex: 0, path: 'with.ref', value: 'dev' }],
      withInputs.replace('ref: main', 'ref: dev'),
    );
  });
});
