import { TOOLS } from './index';
import { ownerOf, isByFolder, type Owner } from './ownerTable';

export * from './ownerTable';

function offeredMap(): Map<string, readonly string[]> {
  const offered = new Map<string, readonly string[]>();
  for (const tool of TOOLS) {
    const actions = Object.keys(tool.actions).filter((action) => ownerOf(tool.name, action) !== undefined);
    if (actions.length > 0) offered.set(tool.name, actions);
  }
  return offered;
}

/** tool → its offered actions in definition order; tools without any are absent. `vmark mcp` lists exactly these. */
export const OFFERED_ACTIONS: ReadonlyMap<string, readonly string[]> = offeredMap();

/** The not yet offered actions, tool → actions, for the docs. */
export function notOfferedActions(): Map<string, string[]> {
  const rest = new Map<string, string[]>();
  for (const tool of TOOLS) {
    const actions = Object.keys(tool.actions).filter((action) => ownerOf(tool.name, action) === undefined);
    if (actions.length > 0) rest.set(tool.name, actions);
  }
  return rest;
}

/** `tool.action` keys of the offered actions a side answers. */
export function offeredActionsOf(owner: Owner): string[] {
  return [...OFFERED_ACTIONS].flatMap(([tool, actions]) => actions.filter((action) => ownerOf(tool, action) === owner).map((action) => `${tool}.${action}`));
}

/** `tool.action` keys of the offered BY_FOLDER actions: both the host (native folders) and the editor (the rest) answer them. */
export function offeredByFolder(): string[] {
  return [...OFFERED_ACTIONS].flatMap(([tool, actions]) => actions.filter((action) => isByFolder(ownerOf(tool, action))).map((action) => `${tool}.${action}`));
}

export function isOffered(tool: string, action: string): boolean {
  return ownerOf(tool, action) !== undefined;
}

const camel = (name: string): string => name.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase());
const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Where a side keeps the handler of `tool.action`, relative to its `actions/` folder: `browserRead/waitFor.ts`. */
export function actionFileOf(tool: string, action: string): string {
  return `${camel(tool)}/${camel(action)}.ts`;
}

/** The `tool.action` a handler file under `actions/` answers, from its path (`browserRead/waitFor.ts` → `browser_read.wait_for`). */
export function actionKeyOfFile(file: string): string | undefined {
  const match = /(?:^|\/)([A-Za-z]+)\/([A-Za-z]+)\.ts$/.exec(file);
  return match ? `${snake(match[1]!)}.${snake(match[2]!)}` : undefined;
}
