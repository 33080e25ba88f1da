import { describe, expect, it } from 'vitest';
import { isWorkflowFile } from './detection';
import { workflowFixtures } from './testing/fixtures';

describe('WFL-01 isWorkflowFile (kind "yaml-workflow")', () => {
  it.each([
    '.github/workflows/ci.yml',
    '.github/workflows/release.yaml',
    '/repo/.github/workflows/ci.yml',
    'C:\\repo\\.github\\workflows\\build.yml',
  ])('by path: %s', (path) => {
    expect(isWorkflowFile(path)).toBe(true);
  });

  it.each([
    'ci.yml',
    '.github/ci.yml',
    '.github/workflows/README.md',
    '.github/workflows/nested/ci.yml',
    'x.github/workflows/ci.yml',
    '.github/workflows/ci.yml.bak',
  ])('not by path: %s', (path) => {
    expect(isWorkflowFile(path)).toBe(false);
  });

  it('by content: top-level on: and jobs: at column 0, whatever the path', () => {
    expect(isWorkflowFile('notes/ci.yml', 'name: x\non: push\njobs:\n  a: {}\n')).toBe(true);
    expect(isWorkflowFile('untitled', "'on':\r\n  push:\r\njobs:\r\n  a: {}\r\n")).toBe(true);
    expect(isWorkflowFile('untitled', 'on:\n  push:\njobs: {}')).toBe(true);
  });

  it.each([
    ['no jobs:', 'on: push\nsteps: []\n'],
    ['no on:', 'name: x\njobs:\n  a: {}\n'],
    ['indented keys', 'x:\n  on: push\n  jobs: {}\n'],
    ['a key: :: shape', 'on: ::push\njobs: ::x\n'],
    ['a longer key', 'online: yes\njobsite: x\n'],
    ['markdown', '# Title\n\nSome text on: things and jobs: more.\n'],
  ])('not by content: %s', (_, content) => {
    expect(isWorkflowFile('untitled.md', content)).toBe(false);
  });

  it('recognises every fixture by its content alone', () => {
    for (const { name, text } of workflowFixtures()) expect(isWorkflowFile(`fixtures/${name}`, text), name).toBe(true);
  });
});
