/// <reference types="vite/client" />
import { actionKeyOfFile, offeredActionsOf, offeredByFolder } from '@vmark/shared';
import { describe, expect, it } from 'vitest';
import { HOST_ACTIONS } from './index';

const files = import.meta.glob<Record<string, unknown>>(['./*/*.ts', '!./**/*.test.ts'], { eager: true });
// the host answers its own actions and the BY_FOLDER ones for the native folders it serves
const expected = [...offeredActionsOf('host'), ...offeredByFolder()].sort();

function handlersIn(module: Record<string, unknown>): { tool: string; action: string }[] {
  return Object.values(module).filter((value): value is { tool: string; action: string } => typeof value === 'object' && value !== null && 'run' in value && 'tool' in value);
}

describe('host action registry (owner table)', () => {
  it('answers exactly the offered actions the owner table gives the host, BY_FOLDER ones included', () => {
    expect(expected.length).toBeGreaterThan(0);
    expect([...HOST_ACTIONS.keys()].sort()).toEqual(expected);
  });

  it('keeps each handler alone in the file named after its action, and registers every handler file', () => {
    expect(Object.keys(files).map((file) => actionKeyOfFile(file)).sort()).toEqual(expected);
    for (const [file, module] of Object.entries(files)) {
      const handlers = handlersIn(module);
      expect(handlers.map((h) => `${h.tool}.${h.action}`), file).toEqual([actionKeyOfFile(file)]);
      expect(HOST_ACTIONS.get(actionKeyOfFile(file)!), file).toBe(handlers[0]);
    }
  });
});
