import { describe, expect, it } from 'vitest';
import { captureAnchor, createThread, emptyCommentFile, type CommentFile } from '@vmark/shared/lib/comments/index';
import type { CommentStorage } from './commentStorage';
import { DocComments } from './docComments';

const storage: CommentStorage = { where: 'memory', doc: 'a.md', load: async () => null, save: async () => undefined };
const TEXT = 'Intro.\n\nThe quick brown fox.\n\nOutro.\n';

function docWithThread(): { doc: DocComments; id: string } {
  const doc = new DocComments('/w/a.md', storage);
  const start = TEXT.indexOf('quick brown');
  const id = 'cmt-000000000001';
  doc.persisted = createThread(emptyCommentFile('a.md'), {
    id,
    anchor: captureAnchor(TEXT, start, start + 'quick brown'.length),
    opening: { id: 'rpl-000000000001', author: 'person', body: 'Hm.', at: '2026-01-01T00:00:00.000Z' },
  });
  doc.status = 'ready';
  return { doc, id };
}

const apply = (file: CommentFile, changes: ((f: CommentFile) => CommentFile)[]) => changes.reduce((f, c) => c(f), file);

describe('DocComments', () => {
  it('lets go of the text of a closed document, its snapshot included (it kept the whole text alive)', () => {
    const { doc } = docWithThread();
    doc.follow(TEXT);
    expect(doc.snapshot.text).toBe(TEXT);
    doc.forgetText();
    expect(doc.snapshot.text).toBeNull();
  });

  it('places threads against the first text and moves them with later edits, without changing the thread', () => {
    const { doc, id } = docWithThread();
    expect(doc.follow(TEXT)).toEqual([]);
    expect(doc.snapshot.places.get(id)).toMatchObject({ detached: false, anchor: { start: TEXT.indexOf('quick') } });
    const edited = `New first line.\n${TEXT}`;
    expect(doc.follow(edited)).toEqual([]);
    expect(doc.snapshot.places.get(id)).toMatchObject({ detached: false, anchor: { start: edited.indexOf('quick') } });
  });

  it('reports a detached thread as a change of that thread, and its return as another', () => {
    const { doc, id } = docWithThread();
    doc.follow(TEXT);
    const gone = doc.follow(TEXT.replace('The quick brown fox.\n\n', ''));
    expect(gone).toHaveLength(1);
    doc.persisted = apply(doc.persisted, gone);
    doc.refresh();
    expect(doc.snapshot.file.threads[0]).toMatchObject({ id, detached: true, gen: 2 });
    const back = doc.follow(TEXT);
    doc.persisted = apply(doc.persisted, back);
    doc.refresh();
    expect(doc.snapshot.file.threads[0]).toMatchObject({ detached: false, gen: 3 });
  });

  it('stores the current offsets as hints without a new generation', () => {
    const { doc } = docWithThread();
    doc.follow(`Shifted.\n${TEXT}`);
    const stored = doc.withPlaces(doc.persisted);
    expect(stored.seq).toBe(doc.persisted.seq);
    expect(stored.threads[0]?.anchor.start).toBe(`Shifted.\n${TEXT}`.indexOf('quick'));
  });
});
