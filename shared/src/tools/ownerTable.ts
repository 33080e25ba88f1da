// a type-only import: the table is read by `vmark host` per call, which must not load every tool's schema (zod)
import type { TOOLS } from './index';

/** Which process answers an action: the editor window, the extension's worker or the native host. */
export type Owner = 'editor' | 'extension' | 'host';

/** An action whose owner depends on where the workspace lives: native folders are served by the host, the rest by the editor. */
export interface OwnerByFolder {
  nativeFolder: 'host';
  otherFolder: 'editor';
}

export const BY_FOLDER: OwnerByFolder = { nativeFolder: 'host', otherFolder: 'editor' };

/** An action whose handler is not built yet: its owner is settled, but vmark mcp does not offer it. */
export interface NotYet {
  notYet: Owner | OwnerByFolder;
}

export function notYet(owner: Owner | OwnerByFolder): NotYet {
  return { notYet: owner };
}

export type Placement = Owner | OwnerByFolder | NotYet;

type Tools = (typeof TOOLS)[number];
type OwnerTable = { [T in Tools as T['name']]: { [A in keyof T['actions'] & string]: Placement } };

/**
 * Every action of every tool and who answers it. An action is offered once its owner is stated
 * plainly; building one means turning its `notYet(…)` into the owner (one line). The handler then
 * lives at `<side>/src/…/actions/<tool>/<action>.ts` (camelCase), which the registries' tests check.
 */
export const OWNERS: OwnerTable = {
  session: { get_state: 'extension' },
  workspace: {
    new: 'editor',
    open: 'editor',
    open_workspace: 'editor',
    save: 'editor',
    save_as: 'editor',
    close: 'editor',
    switch_tab: 'editor',
    focus_window: 'extension',
  },
  document: { read: 'editor', write: 'editor', transform: 'editor' },
  workflow: { apply_patch: 'editor', validate: 'editor' },
  selection: { get: 'editor', set: 'editor' },
  comments: { list: 'editor', reply: 'editor', mark_addressed: 'editor' },
  browser: {
    act: 'extension',
    workflow_run: 'extension',
    workflow_cancel: 'extension',
    workflow_record: 'extension',
    open: 'extension',
    navigate: 'extension',
    close: 'extension',
    style: 'extension',
    execute_js: 'extension',
    session_save: 'extension',
    session_load: 'extension',
    console_clear: 'extension',
  },
  browser_read: {
    read: 'extension',
    screenshot: 'extension',
    query: 'extension',
    extract: 'extension',
    workflow_status: 'extension',
    console: 'extension',
    wait: 'extension',
    wait_for: 'extension',
  },
  coherence: { status: BY_FOLDER, edges: BY_FOLDER, claims: BY_FOLDER, contexts: BY_FOLDER },
  coherence_resolve: { resolve: BY_FOLDER },
};

function isNotYet(placement: Placement): placement is NotYet {
  return typeof placement === 'object' && 'notYet' in placement;
}

export function isByFolder(owner: Owner | OwnerByFolder | undefined): owner is OwnerByFolder {
  return typeof owner === 'object' && owner !== null && 'nativeFolder' in owner;
}

/** The argument a BY_FOLDER action names its workspace with; it decides who answers. */
export const FOLDER_ARG = 'workspace_root';

/** The workspace a BY_FOLDER call is about (undefined when it names none). */
export function folderOf(args: Record<string, unknown>): string | undefined {
  const root = args[FOLDER_ARG];
  return typeof root === 'string' ? root : undefined;
}

/** Who answers `tool.action` if it is offered; undefined for an unknown or not yet offered action. */
export function ownerOf(tool: string, action: string): Owner | OwnerByFolder | undefined {
  const placement = (OWNERS as Record<string, Record<string, Placement> | undefined>)[tool]?.[action];
  return placement === undefined || isNotYet(placement) ? undefined : placement;
}
