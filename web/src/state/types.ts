import type { DocumentKind } from '@vmark/shared';
import type { WorkspaceFS } from '../fs/WorkspaceFS';

export interface WorkspaceInstance {
  id: string;
  fs: WorkspaceFS;
}

export type EditorMode = 'wysiwyg' | 'source';

export interface Tab {
  id: string;
  workspaceInstanceId: string | null;
  /** Absolute MCP path, or null while untitled. */
  filePath: string | null;
  title: string;
  kind: DocumentKind;
  /** The document text: the single source of truth that MCP reads and writes. */
  content: string;
  /** What is on disk as far as this tab knows (its last load or save). */
  savedContent: string;
  revision: string;
  pinned: boolean;
  mode: EditorMode;
  readOnly: boolean;
  /** When this tab last caught up with the document's journal (opened, reloaded, or wrote itself). */
  journalSeenAt: number;
  /** The file changed on disk while this tab had unsaved changes, and the person kept theirs. */
  diverged: boolean;
  /** What is on disk now, while the person has not yet chosen between it and their unsaved text. */
  conflict: string | null;
}

export interface WindowModel {
  workspaces: WorkspaceInstance[];
  /** The workspace instance shown by the window; null when the workspace bar is off. */
  activeWorkspaceInstanceId: string | null;
  workspaceBar: boolean;
  tabs: Tab[];
  activeTabId: string | null;
  /** The tab each workspace instance showed last, to return to it on a switch. */
  lastTabOfWorkspace: Record<string, string>;
  /** Messages for the person, e.g. what an AI request was refused for. */
  notices: Notice[];
}

export interface Notice {
  id: number;
  text: string;
}

export const isDirty = (tab: Tab): boolean => tab.content !== tab.savedContent;
