import { describe, expect, it } from 'vitest';
import { contentHash, revisionId } from './canonical';
import { insertIdentity, maskIdentity, readIdentity } from './identity';

const ID = '0198c0de-0000-7000-8000-00000000000c';

describe('identity in front matter', () => {
  it('adds vmark.id to a document without front matter, and masking gives back the original bytes', () => {
    const text = '# Elena\n\nShe has green eyes.\n';
    const withId = insertIdentity(text, ID);
    expect(withId).toBe(`---\nvmark:\n  id: ${ID}\n---\n${text}`);
    expect(readIdentity(withId)).toEqual({ kind: 'id', id: ID });
    expect(maskIdentity(withId)).toBe(text);
  });

  it('keeps every other front-matter byte (comments, order, CRLF) when it adds the id', () => {
    const text = '---\r\ntitle: "Elena"  # the lead\r\ntags: [a, b]\r\n---\r\nBody\r\n';
    const withId = insertIdentity(text, ID);
    expect(withId).toBe(`---\r\nvmark:\r\n  id: ${ID}\r\ntitle: "Elena"  # the lead\r\ntags: [a, b]\r\n---\r\nBody\r\n`);
    expect(maskIdentity(withId)).toBe(text);
  });

  it('reads a schema next to the id, and reports malformed identities instead of guessing', () => {
    expect(readIdentity(`---\nvmark:\n  id: ${ID}\n  schema: scene\n---\n`)).toEqual({ kind: 'id', id: ID, schema: 'scene' });
    expect(readIdentity('---\nvmark:\n  id: not-a-uuid\n---\n').kind).toBe('malformed');
    expect(readIdentity(`---\nvmark: ${ID}\n---\n`).kind).toBe('malformed');
    expect(readIdentity('---\ntitle: x\nno closing line\n').kind).toBe('malformed');
    expect(readIdentity('plain text\n')).toEqual({ kind: 'none' });
  });
});

describe('hashes and revisions', () => {
  it('hashes the identity-masked canonical text: adding the id, CRLF and NFD do not make a new hash', () => {
    const plain = contentHash('Café\nline\n').hash;
    expect(contentHash(insertIdentity('Café\nline\n', ID)).hash).toBe(plain);
    expect(contentHash('Cafe\u0301\r\nline\r\n').hash).toBe(plain);
    expect(plain).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(contentHash('Café\nline!\n').hash).not.toBe(plain);
  });

  it('A → B → A is a new revision: a revision is its content and its parents', () => {
    const a = contentHash('A\n').hash;
    const b = contentHash('B\n').hash;
    const rev1 = revisionId(a, []);
    const rev2 = revisionId(b, [rev1]);
    const rev3 = revisionId(a, [rev2]);
    expect(new Set([rev1, rev2, rev3]).size).toBe(3);
    expect(rev3).toMatch(/^rev1:[0-9a-f]{64}$/);
    expect(revisionId(a, ['x', 'y'])).toBe(revisionId(a, ['y', 'x']));
  });
});
