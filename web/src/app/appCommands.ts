import type { Command } from './CommandPalette';
import { SHORTCUTS } from './shortcuts';

/** What the window's commands do; App binds them to its store and dialogs. */
export interface CommandActions {
  newDocument(): void;
  save(): void;
  saveAs(): void;
  openFolder(): void;
  newWindow(): void;
  toggleHistory(): void;
  toggleOutline(): void;
  toggleCoherence(): void;
  openSettings(): void;
  toggleMode(): void;
  moveTab(step: -1 | 1): void;
  addFrontMatter(): void;
  newWorkflow(): void;
}

/** The command palette's entries; a shortcut shown is one `commandOfKey` answers (shortcuts.ts). */
export function appCommands(actions: CommandActions): Command[] {
  return [
    { id: 'new', title: 'New document', shortcut: SHORTCUTS.new, run: actions.newDocument },
    { id: 'save', title: 'Save', shortcut: SHORTCUTS.save, run: actions.save },
    { id: 'save-as', title: 'Save As…', shortcut: SHORTCUTS['save-as'], run: actions.saveAs },
    { id: 'open-folder', title: 'Open folder…', run: actions.openFolder },
    { id: 'new-window', title: 'New window', run: actions.newWindow },
    { id: 'history', title: 'Toggle history', run: actions.toggleHistory },
    { id: 'outline', title: 'Toggle outline', run: actions.toggleOutline },
    { id: 'coherence', title: 'Toggle coherence', run: actions.toggleCoherence },
    { id: 'settings', title: 'Settings', shortcut: SHORTCUTS.settings, run: actions.openSettings },
    { id: 'mode', title: 'Toggle source mode', shortcut: SHORTCUTS.mode, run: actions.toggleMode },
    { id: 'tab-left', title: 'Move tab left', shortcut: SHORTCUTS['tab-left'], run: () => actions.moveTab(-1) },
    { id: 'tab-right', title: 'Move tab right', shortcut: SHORTCUTS['tab-right'], run: () => actions.moveTab(1) },
    { id: 'front-matter', title: 'Add front matter', run: actions.addFrontMatter },
    { id: 'new-workflow', title: 'New workflow', run: actions.newWorkflow },
  ];
}
