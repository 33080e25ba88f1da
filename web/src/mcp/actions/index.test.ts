import { actionKeyOfFile, offeredActionsOf, offeredByFolder } from '@vmark/shared';
import { describe, expect, it } from 'vitest';
import type { ActionHandler } from '../defineAction';
import { ACTION_HANDLERS } from './index';

// the editor answers its own actions and the BY_FOLDER ones for Scratch and picked folders
const expected = (): string[] => [...offeredActionsOf('editor'), ...offeredByFolder()].sort();

const files = import.meta.glob<Record<string, unknown>>(['./*/*.ts', '!./**/*.test.ts'], { eager: true });

function handlersIn(module: Record<string, unknown>): ActionHandler[] {
  return Object.values(module).filter((value): value is ActionHandler => typeof value === 'object' && value !== null && 'run' in value && 'tool' in value);
}

describe('editor action registry (owner table)', () => {
  it('answers exactly the offered actions the owner table gives the editor, BY_FOLDER ones included', () => {
    expect([...ACTION_HANDLERS.keys()].sort()).toEqual(expected());
  });

  it('keeps each handler alone in the file named after its action, and registers every handler file', () => {
    const fileKeys = Object.keys(files).map((file) => actionKeyOfFile(file));
    expect(fileKeys.sort()).toEqual(expected());
    for (const [file, module] of Object.entries(files)) {
      const handlers = handlersIn(module);
      expect(handlers.map((h) => `${h.tool}.${h.action}`), file).toEqual([actionKeyOfFile(file)]);
      expect(ACTION_HANDLERS.get(actionKeyOfFile(file)!), file).toBe(handlers[0]);
    }
  });
});
