import { describe, expect, it } from 'vitest';
import { workspaceImagePath } from './imageSource';

const ROOT = '/home/me/notes';
const DOC = '/home/me/notes/docs/x.md';

describe('workspaceImagePath', () => {
  it('resolves relative paths against the document folder', () => {
    expect(workspaceImagePath('img/a.png', DOC, ROOT)).toBe('/home/me/notes/docs/img/a.png');
    expect(workspaceImagePath('./img/a.png', DOC, ROOT)).toBe('/home/me/notes/docs/img/a.png');
    expect(workspaceImagePath('../shared/b.png', DOC, ROOT)).toBe('/home/me/notes/shared/b.png');
  });

  it('decodes percent escapes and drops a query or fragment', () => {
    expect(workspaceImagePath('my%20pic.png?v=2#top', DOC, ROOT)).toBe('/home/me/notes/docs/my pic.png');
  });

  it('treats a leading slash as the workspace root unless the path is already inside it', () => {
    expect(workspaceImagePath('/assets/logo.svg', DOC, ROOT)).toBe('/home/me/notes/assets/logo.svg');
    expect(workspaceImagePath('/home/me/notes/a.png', DOC, ROOT)).toBe('/home/me/notes/a.png');
  });

  it('leaves URLs to the browser', () => {
    for (const url of ['https://example.com/a.png', 'http://x/a.png', 'data:image/png;base64,AAAA', 'blob:https://x/1', '//cdn.example/a.png']) {
      expect(workspaceImagePath(url, DOC, ROOT)).toBeNull();
    }
  });

  it('resolves nothing outside the workspace or without a document path', () => {
    expect(workspaceImagePath('../../../etc/passwd', DOC, ROOT)).toBeNull();
    expect(workspaceImagePath('img/a.png', null, ROOT)).toBeNull();
    expect(workspaceImagePath('', DOC, ROOT)).toBeNull();
  });
});
