import { describe, expect, it } from 'vitest';
import { bindingOf } from './operationGrants';
import { isOperation, mayEverAllow, mayGrantOnSite, OPERATIONS } from '../safety/operations';

describe('operation vocabulary', () => {
  it('is closed: twelve operations, nothing else', () => {
    expect(OPERATIONS).toEqual(['read', 'attach', 'click', 'type', 'scroll', 'key', 'style', 'navigate', 'upload', 'eval', 'session', 'record']);
    expect(isOperation('click')).toBe(true);
    expect(isOperation('submit')).toBe(false);
  });

  it('BRW-ACT-05 never allows upload, and eval/session/record only per call', () => {
    expect(mayEverAllow('upload')).toBe(false);
    for (const op of ['eval', 'session', 'record', 'upload'] as const) expect(mayGrantOnSite(op)).toBe(false);
    for (const op of ['click', 'type', 'scroll', 'key', 'style', 'navigate'] as const) expect(mayGrantOnSite(op)).toBe(true);
  });

  it('binds a one-shot to operation, element and the exact detail', () => {
    const base = { operation: 'type' as const, element: { role: 'textbox', name: 'Search' }, detail: '"tram"' };
    expect(bindingOf(base)).toBe(bindingOf({ ...base }));
    expect(bindingOf(base)).not.toBe(bindingOf({ ...base, detail: '"bus"' }));
    expect(bindingOf(base)).not.toBe(bindingOf({ ...base, element: { role: 'textbox', name: 'Other' } }));
    expect(bindingOf(base)).not.toBe(bindingOf({ ...base, operation: 'key' }));
    // a script binds by its hash, not its text
    expect(bindingOf({ operation: 'eval', element: null, detail: 'return 1', bindingDetail: 'sha256:ab' })).toContain('sha256:ab');
  });
});
