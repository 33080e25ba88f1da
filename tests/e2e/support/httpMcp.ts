import { spawn, type ChildProcess } from 'node:child_process';
import { VMARK } from './paths';

/** `vmark mcp --http --port 0` for the stack's env; resolves once it has printed its URL and bearer token. */
export async function startHttpMcp(env: Record<string, string>): Promise<{ child: ChildProcess; url: string; token: string }> {
  const child = spawn(process.execPath, [VMARK, 'mcp', '--http', '--port', '0'], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`vmark mcp --http did not start: ${stderr}`)), 15_000);
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const url = /MCP over Streamable HTTP at (\S+)/.exec(stderr)?.[1];
      const token = /Authorization: Bearer (\S+)/.exec(stderr)?.[1];
      if (url && token) {
        clearTimeout(timer);
        resolve({ child, url, token });
      }
    });
    child.on('exit', (code) => reject(new Error(`vmark mcp --http exited with ${code}: ${stderr}`)));
  });
}
