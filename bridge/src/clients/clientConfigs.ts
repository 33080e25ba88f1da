import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
// the package's ESM build: its UMD main uses a dynamic require the ESM bundle cannot run
import { applyEdits, format, modify, parse, printParseErrorCode, type ParseError } from 'jsonc-parser/lib/esm/main.js';
import { vmarkLaunch } from '../os/nodeFlags';
import { CLIENT_TOKEN_ENV } from './clientTokenEnv';

export const CLIENTS = ['claude-code', 'claude-desktop', 'cursor', 'vscode'] as const;
export type ClientId = (typeof CLIENTS)[number];

/** Where each client keeps its user-level MCP servers, and under which key. */
export function clientConfigPath(client: ClientId, home: string = os.homedir()): string {
  const appData = process.env.APPDATA ?? path.join(home, 'AppData', 'Roaming');
  const xdgConfig = process.env.XDG_CONFIG_HOME ?? path.join(home, '.config');
  const platformDir = (mac: string, win: string, linux: string): string =>
    process.platform === 'darwin' ? path.join(home, 'Library', 'Application Support', mac) : process.platform === 'win32' ? path.join(appData, win) : path.join(xdgConfig, linux);
  switch (client) {
    case 'claude-code':
      return path.join(home, '.claude.json');
    case 'claude-desktop':
      return path.join(platformDir('Claude', 'Claude', 'Claude'), 'claude_desktop_config.json');
    case 'cursor':
      return path.join(home, '.cursor', 'mcp.json');
    case 'vscode':
      return path.join(platformDir('Code/User', 'Code/User', 'Code/User'), 'mcp.json');
  }
}

/** The `vmark` server entry for a client, carrying its credential in the environment of `vmark mcp`. */
export function serverEntry(client: ClientId, token: string): { path: string[]; value: Record<string, unknown> } {
  const launch = { ...vmarkLaunch('mcp'), env: { [CLIENT_TOKEN_ENV]: token } };
  if (client === 'vscode') return { path: ['servers', 'vmark'], value: { type: 'stdio', ...launch } };
  if (client === 'claude-code') return { path: ['mcpServers', 'vmark'], value: { type: 'stdio', ...launch } };
  return { path: ['mcpServers', 'vmark'], value: launch };
}

export class ConfigRefused extends Error {}

/**
 * The text of a JSON-with-comments config whose top is an object ("{}" when the file is missing or
 * empty). A file it cannot parse is refused: the person's config is never guessed at.
 */
export function readJsoncConfig(file: string): string {
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  if (text.trim() === '') return '{}\n';
  const errors: ParseError[] = [];
  const root: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (errors.length > 0) {
    const first = errors[0] as ParseError;
    const line = text.slice(0, first.offset).split('\n').length;
    throw new ConfigRefused(`${file} is not valid JSON (${printParseErrorCode(first.error)} on line ${line}); nothing was changed. Fix the file, or pass --config to write another one.`);
  }
  if (typeof root !== 'object' || root === null || Array.isArray(root)) {
    throw new ConfigRefused(`${file} does not hold a JSON object at the top; nothing was changed. Fix the file, or pass --config to write another one.`);
  }
  return text;
}

/**
 * Sets one key, keeping every other key and comment byte for byte: the value is inserted unformatted,
 * then only the inserted range is formatted (formatting the whole edit would reflow its neighbours).
 */
export function writeJsoncKey(file: string, keyPath: string[], value: unknown): void {
  const text = readJsoncConfig(file);
  let updated: string;
  if (text === '{}\n') {
    updated = `${JSON.stringify(keyPath.reduceRight<unknown>((inner, key) => ({ [key]: inner }), value), null, 2)}\n`;
  } else {
    const indent = /\n(\t| +)"/.exec(text)?.[1];
    const options = { insertSpaces: indent !== '\t', tabSize: indent && indent !== '\t' ? indent.length : 2, eol: text.includes('\r\n') ? '\r\n' : '\n' };
    const edits = modify(text, keyPath, value, {});
    updated = applyEdits(text, edits);
    const inserted = edits[0];
    if (inserted) updated = applyEdits(updated, format(updated, { offset: inserted.offset, length: inserted.content.length }, options));
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const mode = fs.existsSync(file) ? fs.statSync(file).mode & 0o777 : 0o600;
  const temp = `${file}.vmark-${process.pid}.tmp`;
  // the file now holds a secret: no access for group and others, whatever it allowed before
  fs.writeFileSync(temp, updated, { mode: mode & 0o700 });
  fs.renameSync(temp, file);
}
