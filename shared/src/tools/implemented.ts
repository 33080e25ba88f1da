/**
 * The actions that have a handler. `vmark mcp` offers only these: an action without a handler is
 * not registered. Tests prove that every listed action has a handler in the editor or the extension.
 */
export const IMPLEMENTED_ACTIONS: ReadonlyMap<string, readonly string[]> = new Map([
  ['session', ['get_state']],
  ['workspace', ['new', 'open', 'open_workspace', 'save', 'save_as', 'close', 'switch_tab', 'focus_window']],
  ['document', ['read', 'write', 'transform']],
  ['workflow', ['apply_patch', 'validate']],
  ['selection', ['get', 'set']],
  ['comments', ['list', 'reply', 'mark_addressed']],
  ['browser', ['act', 'style', 'execute_js', 'open', 'navigate', 'close', 'console_clear', 'session_save', 'session_load']],
  ['browser_read', ['read', 'screenshot', 'query', 'extract', 'console', 'wait', 'wait_for']],
]);
