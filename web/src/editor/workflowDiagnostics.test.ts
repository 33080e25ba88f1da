import { Text } from '@codemirror/state';
import { describe, expect, it } from 'vitest';
import { diagnosticRange } from './workflowDiagnostics';

const doc = Text.of(['on: push', 'jobs:', '  build:', '    runs-on: ubuntu-latst', '', '    name: "🚀 rocket" x']);

describe('diagnosticRange', () => {
  it('underlines the word at the 1-based line and column', () => {
    const range = diagnosticRange(doc, { line: 4, col: 14 });
    expect(range && doc.sliceString(range.from, range.to)).toBe('ubuntu-latst');
  });

  it('counts columns in characters, so text after an astral character lines up', () => {
    const range = diagnosticRange(doc, { line: 6, col: 22 });
    expect(range && doc.sliceString(range.from, range.to)).toBe('x');
  });

  it('keeps at least one character, clamps past the end, and gives null on an empty line', () => {
    const end = diagnosticRange(doc, { line: 1, col: 40 });
    expect(end && doc.sliceString(end.from, end.to)).toBe('h');
    expect(diagnosticRange(doc, { line: 5, col: 1 })).toBeNull();
    const beyond = diagnosticRange(doc, { line: 99, col: 5 });
    expect(beyond && doc.sliceString(beyond.from, beyond.to)).toBe('name:');
  });
});
