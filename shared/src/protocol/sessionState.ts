import type { DocumentKind } from './version';

/** One tab as session.get_state reports it (seed: session.get_state). */
export interface TabState {
  id: string;
  filePath: string | null;
  title: string;
  dirty: boolean;
  revision: string;
  kind: DocumentKind;
  active: boolean;
  visible: boolean;
}

/** What one editor window reports; `focused` is added by the extension from the browser's window state. */
export interface WindowReport {
  label: string;
  activeWorkspaceInstanceId: string | null;
  tabs: TabState[];
  /** Absolute roots of the workspace instances open in this window, for routing by path. */
  workspaceRoots: string[];
}

export interface WindowState extends Omit<WindowReport, 'workspaceRoots'> {
  focused: boolean;
}

/**
 * The extension's question to one editor window for its WindowReport. It travels as a call but is no
 * tool action: the extension merges the reports into session.get_state and routes by them.
 */
export const WINDOW_REPORT_REQUEST = { tool: 'vmark_window', action: 'report' } as const;
