import { Session } from 'node:inspector/promises';
import { commonmarkLanguage } from '@codemirror/lang-markdown';
import { describe, expect, it } from 'vitest';
import { HeapSnapshot } from '../../../tests/e2e/support/heapSnapshot';
import { releaseMarkdownParserCache } from './releaseMarkdownParserCache';

/** This process's heap, after a garbage collection. */
async function snapshot(): Promise<HeapSnapshot> {
  const session = new Session();
  session.connect();
  try {
    const chunks: string[] = [];
    session.on('HeapProfiler.addHeapSnapshotChunk', ({ params }) => chunks.push(params.chunk));
    await session.post('HeapProfiler.collectGarbage');
    await session.post('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    return new HeapSnapshot(chunks.join(''));
  } finally {
    session.disconnect();
  }
}

/** A parse of a large text stopped part-way, as the source editor's background parse is when the editor goes; nothing here keeps the text. */
function parsePartOf(token: string): void {
  // no blank lines: wherever the parse stops, the line it scanned last is one of these
  const text = Array.from({ length: 20_000 }, (_, n) => `# ${token} heading ${n}\n${token} paragraph ${n}\n`).join('');
  // lines as CodeMirror holds them: slices of the text the editor was created with
  const lines = text.split('\n');
  const parse = commonmarkLanguage.parser.startParse(lines.join('\n'));
  for (let step = 0; step < 50; step++) parse.advance();
}

describe('releaseMarkdownParserCache', () => {
  it('lets go of the text a stopped markdown parse was reading (found before, gone after)', async () => {
    const token = Math.random().toString(36).slice(2);
    parsePartOf(token);
    const kept = (await snapshot()).stringsContaining(`${token} paragraph`).length;
    releaseMarkdownParserCache();
    const left = (await snapshot()).stringsContaining(`${token} paragraph`).length;
    expect({ kept: kept > 0, left }).toEqual({ kept: true, left: 0 });
  });
});
