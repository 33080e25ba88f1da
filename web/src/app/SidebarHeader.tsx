import { memo } from 'react';
import { AppWindow, FilePlus, FolderOpen, Settings } from 'lucide-react';
import { switchWorkspace } from '../state/windowActions';
import type { WorkspaceInstance } from '../state/types';
import type { Command } from './CommandPalette';
import { useServices } from './services';

const SIDEBAR_ACTIONS = [
  { id: 'new', label: 'New document', icon: FilePlus },
  { id: 'open-folder', label: 'Open folder…', icon: FolderOpen },
  { id: 'new-window', label: 'New window', icon: AppWindow },
  { id: 'settings', label: 'Settings', icon: Settings },
] as const;

/**
 * The brand, the app's actions and the workspace tabs. Memoised: the App renders on every change of
 * the model (each edit, each AI write), and these depend only on the commands and the workspaces.
 */
export const SidebarHeader = memo(function SidebarHeader({ commands, workspaces, activeWorkspaceId }: { commands: Command[]; workspaces: WorkspaceInstance[]; activeWorkspaceId: string | null }) {
  const { store } = useServices();
  return (
    <>
      <header className="sidebar-header">
        <span className="brand">
          <img src="/icon.svg" alt="" width={18} height={18} />
          VMark
        </span>
        <div className="sidebar-actions" role="toolbar" aria-label="App">
          {SIDEBAR_ACTIONS.map(({ id, label, icon: Icon }) => {
            const command = commands.find((c) => c.id === id);
            return (
              command && (
                <button key={id} className="icon-button" aria-label={label} title={command.shortcut ? `${label} (${command.shortcut})` : label} onClick={command.run}>
                  <Icon size={16} aria-hidden />
                </button>
              )
            );
          })}
        </div>
      </header>
      <div className="section-title">Workspaces</div>
      <div className="workspace-bar" role="tablist" aria-label="Workspaces">
        {workspaces.map((w) => (
          <button key={w.id} role="tab" aria-selected={w.id === activeWorkspaceId} data-workspace-id={w.id} onClick={() => switchWorkspace(store, w.id)}>
            <FolderOpen size={14} aria-hidden />
            {w.fs.name}
          </button>
        ))}
      </div>
    </>
  );
});
