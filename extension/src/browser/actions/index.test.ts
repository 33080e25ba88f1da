import { IMPLEMENTED_ACTIONS } from '@vmark/shared';
import { describe, expect, it } from 'vitest';
import { BROWSER_ACTIONS } from './index';

describe('browser action registry', () => {
  it('has a handler for exactly the browser actions vmark mcp offers', () => {
    const offered = ['browser', 'browser_read'].flatMap((tool) => (IMPLEMENTED_ACTIONS.get(tool) ?? []).map((action) => `${tool}.${action}`));
    expect([...BROWSER_ACTIONS.keys()].sort()).toEqual(offered.sort());
  });
});
