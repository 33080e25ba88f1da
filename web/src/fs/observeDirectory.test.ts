import { describe, expect, it } from 'vitest';
import { modifiedOnly, type ChangeRecord } from './observeDirectory';

const record = (type: ChangeRecord['type'], path: string, from?: string): ChangeRecord => ({
  type,
  relativePathComponents: path.split('/'),
  relativePathMovedFrom: from ? from.split('/') : null,
});

describe('observeDirectory: which reported paths were only written to (issue 14)', () => {
  it('a path with only "modified" records is written-to; one that also appeared, went or moved (either end) is not', () => {
    const records = [
      record('modified', '.vmark/ledger/a.jsonl'),
      record('modified', '.vmark/ledger/a.jsonl'),
      record('appeared', '.vmark/ledger/b.jsonl'),
      record('modified', '.vmark/ledger/b.jsonl'),
      record('modified', 'notes/c.md'),
      record('disappeared', 'notes/c.md'),
      record('moved', 'notes/e.md', 'notes/d.md'),
      record('modified', 'notes/d.md'),
    ];
    expect([...modifiedOnly('/', records)]).toEqual(['/.vmark/ledger/a.jsonl']);
  });
});
