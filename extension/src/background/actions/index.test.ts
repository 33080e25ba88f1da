/// <reference types="vite/client" />
import { actionKeyOfFile, offeredActionsOf } from '@vmark/shared';
import { describe, expect, it } from 'vitest';
import { BROWSER_ACTIONS } from '../../browser/actions';
import { WINDOW_ACTIONS } from './index';

// the extension keeps its handlers in two folders: browser actions (AI principal, tab) and window actions (the editor windows)
const files = {
  ...import.meta.glob<Record<string, unknown>>(['./*/*.ts', '!./**/*.test.ts'], { eager: true }),
  ...import.meta.glob<Record<string, unknown>>(['../../browser/actions/*/*.ts', '!../../browser/actions/**/*.test.ts'], { eager: true }),
};
const registry = new Map<string, unknown>([...BROWSER_ACTIONS, ...WINDOW_ACTIONS]);

function handlersIn(module: Record<string, unknown>): { tool: string; action: string }[] {
  return Object.values(module).filter((value): value is { tool: string; action: string } => typeof value === 'object' && value !== null && 'run' in value && 'tool' in value);
}

describe('extension action registries (owner table)', () => {
  it('answer exactly the offered actions the owner table gives the extension, each once', () => {
    expect(BROWSER_ACTIONS.size + WINDOW_ACTIONS.size).toBe(registry.size);
    expect([...registry.keys()].sort()).toEqual(offeredActionsOf('extension').sort());
  });

  it('keep each handler alone in the file named after its action, and register every handler file', () => {
    expect(Object.keys(files).map((file) => actionKeyOfFile(file)).sort()).toEqual(offeredActionsOf('extension').sort());
    for (const [file, module] of Object.entries(files)) {
      const handlers = handlersIn(module);
      expect(handlers.map((h) => `${h.tool}.${h.action}`), file).toEqual([actionKeyOfFile(file)]);
      expect(registry.get(actionKeyOfFile(file)!), file).toBe(handlers[0]);
    }
  });
});
