import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('npx vmark after npm ci', () => {
  it('runs the CLI through the linked bin, as every README command does', () => {
    const out = execFileSync('npx', ['--no-install', 'vmark', '--help'], { cwd: repo, encoding: 'utf8' });
    expect(out).toMatch(/^vmark \d+\.\d+\.\d+: the bridge between AI clients and the VMark editor/);
    expect(out).toContain('vmark mcp --headless');
  });
});
