import path from 'node:path';
import { VMARK_VERSION } from '@vmark/shared/protocol/version';
import { intFlag, parseArgs, stringFlag } from './args';

const USAGE = `vmark ${VMARK_VERSION}: the bridge between AI clients and the VMark editor

  vmark start [--workspace DIR] [--browser PATH] [--port N]   serve the editor and open it in a browser
  vmark mcp                                                   MCP server on stdio (for AI clients)
  vmark mcp --headless [--workspace DIR] [--remote-debugging-port N] [--allow-loopback] [--browser PATH]
                                                              the whole stack without a display, MCP on stdio
  vmark mcp --http [--port N]                                 MCP over Streamable HTTP on 127.0.0.1 (bearer token)
  vmark serve [--port N]                                      serve the editor only
  vmark install [--browser chrome|chromium|edge|brave]        register the native host for a browser
  vmark install --profile DIR                                 register it for one Chromium user-data folder
  vmark connect claude-code|claude-desktop|cursor|vscode [--config FILE]
                                                              add VMark to an AI client's MCP config with its own credential
  vmark doctor                                                check the installation
  vmark host                                                  the native-messaging host (started by the browser)`;

// Commands load on demand: the host must not pay for the MCP SDK and express it never uses.
const hostCommand = async () => (await import('./commands/host')).hostCommand();

const BOOLEAN_FLAGS = new Set(['headless', 'allow-loopback', 'help', 'http']);

export async function main(argv: string[]): Promise<void> {
  // the browser passes the caller's origin (and on Windows a window handle) as arguments
  if (argv.some((a) => a.startsWith('chrome-extension://'))) return hostCommand();
  const args = parseArgs(argv, BOOLEAN_FLAGS);
  switch (args.command) {
    case 'host':
      return hostCommand();
    case 'mcp': {
      const headless = args.flags.has('headless');
      const workspace = stringFlag(args, 'workspace');
      const port = intFlag(args, 'remote-debugging-port');
      const browser = stringFlag(args, 'browser');
      const { DEFAULT_MCP_HTTP_PORT, mcpCommand } = await import('./commands/mcp');
      const http = args.flags.has('http') ? { port: intFlag(args, 'port') ?? DEFAULT_MCP_HTTP_PORT } : null;
      return mcpCommand(
        headless
          ? {
              allowLoopback: args.flags.has('allow-loopback'),
              ...(workspace ? { workspace } : {}),
              ...(port !== undefined ? { remoteDebuggingPort: port } : {}),
              ...(browser ? { browser } : {}),
            }
          : null,
        http,
      );
    }
    case 'serve': {
      const { serveCommand } = await import('./commands/serve');
      return serveCommand(intFlag(args, 'port'));
    }
    case 'start': {
      const { startCommand } = await import('./commands/start');
      const workspace = stringFlag(args, 'workspace');
      const browser = stringFlag(args, 'browser');
      const port = intFlag(args, 'port');
      return startCommand({ ...(workspace ? { workspace } : {}), ...(browser ? { browser } : {}), ...(port !== undefined ? { port } : {}) });
    }
    case 'install': {
      const { installCommand, installForUserDataDir, parseBrowser } = await import('./commands/install');
      const profile = stringFlag(args, 'profile');
      return profile ? installForUserDataDir(path.resolve(profile)) : installCommand(parseBrowser(stringFlag(args, 'browser')));
    }
    case 'connect': {
      const { connectCommand } = await import('./commands/connect');
      process.exitCode = connectCommand(args.positionals[0], stringFlag(args, 'config'));
      return;
    }
    case 'doctor': {
      const { doctorCommand } = await import('./commands/doctor');
      process.exitCode = (await doctorCommand()) ? 0 : 1;
      return;
    }
    case undefined:
    case 'help':
      console.log(USAGE);
      return;
    default:
      console.error(`unknown command ${args.command}\n\n${USAGE}`);
      process.exitCode = 2;
  }
}
