import { vmarkLaunch } from '../os/nodeFlags';

/** How to connect each AI client to this installation's `vmark mcp`. */
export function clientSnippets(): string {
  const { command, args } = vmarkLaunch('mcp');
  const json = (o: unknown) => JSON.stringify(o, null, 2);
  return [
    'Connect an AI client (easiest: `vmark connect claude-code|claude-desktop|cursor|vscode` writes its config',
    'with a credential of its own, which delegations need):',
    '',
    'Claude Code:',
    `  claude mcp add vmark -- ${command} ${args.join(' ')}`,
    '',
    'Claude Desktop (claude_desktop_config.json) and Cursor (~/.cursor/mcp.json):',
    json({ mcpServers: { vmark: { command, args } } }).replace(/^/gm, '  '),
    '',
    'VS Code (.vscode/mcp.json):',
    json({ servers: { vmark: { type: 'stdio', command, args } } }).replace(/^/gm, '  '),
  ].join('\n');
}
