import { lineDiff } from '../lib/lineDiff';

/** A line diff, unchanged runs cut down to the lines next to a change. */
export function Diff({ before, after }: { before: string; after: string }) {
  const lines = lineDiff(before, after).filter((l, i, all) => l.kind !== 'same' || all[i - 1]?.kind !== 'same' || all[i + 1]?.kind !== 'same');
  return (
    <pre className="diff" aria-label="Changes">
      {lines.map((l, i) => (
        <div key={i} className={`diff-${l.kind}`}>
          {l.kind === 'added' ? '+ ' : l.kind === 'removed' ? '- ' : '  '}
          {l.text}
        </div>
      ))}
    </pre>
  );
}
