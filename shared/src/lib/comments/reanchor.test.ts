import { describe, expect, it } from 'vitest';
import { captureAnchor } from './captureAnchor';
import { placeAnchor, reanchor, type AnchorPlace } from './reanchor';

function anchorOn(text: string, quote: string, occurrence = 0): AnchorPlace {
  let start = -1;
  for (let i = 0; i <= occurrence; i++) start = text.indexOf(quote, start + 1);
  return { detached: false, anchor: captureAnchor(text, start, start + quote.length), end: start + quote.length };
}

const quoteOf = (text: string, place: AnchorPlace) => (place.detached ? null : text.slice(place.anchor.start, place.end));

describe('reanchor', () => {
  const text = '# Title\n\nIntro paragraph.\n\nThe quick brown fox jumps over the lazy dog.\n\nOutro.\n';

  it('CMT anchors shift with an edit above them', () => {
    const place = anchorOn(text, 'quick brown fox');
    const edited = `# Title\n\nA new first paragraph, quite long.\n\n${text.slice(9)}`;
    const moved = reanchor(text, edited, place);
    expect(moved.detached).toBe(false);
    expect(quoteOf(edited, moved)).toBe('quick brown fox');
    expect(moved.anchor.start).toBe(place.anchor.start + edited.length - text.length);
  });

  it('anchors stay put for an edit below them and refresh their context', () => {
    const place = anchorOn(text, 'quick brown fox');
    const edited = text.replace('jumps', 'leaps');
    const after = reanchor(text, edited, place);
    expect(after.anchor.start).toBe(place.anchor.start);
    expect(after.anchor.suffix.startsWith(' leaps')).toBe(true);
  });

  it('typing right before or right after the quote keeps the quote exactly', () => {
    const place = anchorOn(text, 'quick brown fox');
    const before = text.replace('quick brown fox', 'very quick brown fox');
    expect(quoteOf(before, reanchor(text, before, place))).toBe('quick brown fox');
    const after = text.replace('quick brown fox', 'quick brown foxes');
    expect(quoteOf(after, reanchor(text, after, place))).toBe('quick brown fox');
  });

  it('follows a small change inside the quote (fuzzy) and takes the new text as the quote', () => {
    const place = anchorOn(text, 'The quick brown fox jumps over the lazy dog.');
    const edited = text.replace('quick brown', 'quick red');
    const after = reanchor(text, edited, place);
    expect(after.detached).toBe(false);
    expect(after.anchor.quote).toBe('The quick red fox jumps over the lazy dog.');
  });

  it('detaches a thread whose text is deleted, and re-attaches when the text comes back', () => {
    const place = anchorOn(text, 'The quick brown fox jumps over the lazy dog.');
    const deleted = text.replace('The quick brown fox jumps over the lazy dog.\n\n', '');
    const gone = reanchor(text, deleted, place);
    expect(gone.detached).toBe(true);
    expect(gone.anchor.quote).toBe('The quick brown fox jumps over the lazy dog.');
    const back = reanchor(deleted, text, gone);
    expect(back.detached).toBe(false);
    expect(quoteOf(text, back)).toBe('The quick brown fox jumps over the lazy dog.');
  });

  it('a deleted short quote does not jump to an unrelated copy elsewhere', () => {
    const doc = 'alpha beta gamma\n\nsomething else entirely with beta inside\n';
    const place = anchorOn(doc, 'beta');
    const deleted = doc.replace('alpha beta gamma', 'alpha gamma');
    expect(reanchor(doc, deleted, place).detached).toBe(true);
  });

  it('picks the copy with the matching context among repeated text', () => {
    const doc = 'First: note this.\nSecond: note this.\nThird: note this.\n';
    const place = anchorOn(doc, 'note this', 1);
    // the whole document is replaced (an external change): the context decides, not the offset
    const external = `Preface line that shifts everything.\n${doc}`;
    const after = placeAnchor(external, place.anchor);
    expect(after.detached).toBe(false);
    expect(external.slice(after.anchor.start - 'Second: '.length, after.anchor.start)).toBe('Second: ');
  });

  it('a detached thread stays detached while the text stays gone', () => {
    const place: AnchorPlace = { detached: true, anchor: { quote: 'vanished words here', prefix: 'x', suffix: 'y', start: 3 } };
    expect(reanchor('abc', 'abcd', place).detached).toBe(true);
  });

  it('places an anchor from a stale offset hint after an external rewrite around it', () => {
    const anchor = captureAnchor(text, text.indexOf('lazy dog'), text.indexOf('lazy dog') + 'lazy dog'.length);
    const rewritten = text.replace('# Title\n\nIntro paragraph.', '# A different title\n\nA different intro that is much longer than before.');
    const placed = placeAnchor(rewritten, anchor);
    expect(quoteOf(rewritten, placed)).toBe('lazy dog');
  });

  it('the same text yields the same place', () => {
    const place = anchorOn(text, 'Outro.');
    expect(reanchor(text, text, place)).toBe(place);
  });
});
