import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PROJECTS, typecheck } from './typecheck';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function project(source: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vmark-typecheck-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions: { strict: true, noEmit: true, types: [] }, include: ['*.ts'] }));
  fs.writeFileSync(path.join(dir, 'index.ts'), source);
  return dir;
}

describe('npm run typecheck', () => {
  it('checks every project of the repository', () => {
    const configs = fs.readdirSync(path.resolve(__dirname, '..'), { withFileTypes: true }).filter((entry) => entry.isDirectory() && fs.existsSync(path.resolve(__dirname, '..', entry.name, 'tsconfig.json')));
    expect([...PROJECTS].sort()).toEqual(configs.map((entry) => entry.name).sort());
  });

  it('reports each project, and a type error fails its project with the compiler message', async () => {
    const good = project('export const n: number = 1;\n');
    const bad = project('export const n: number = "one";\n');
    const results = await typecheck([good, bad], 2);
    expect(results.find((r) => r.project === good)?.code).toBe(0);
    const failed = results.find((r) => r.project === bad);
    expect(failed?.code).not.toBe(0);
    expect(failed?.output).toContain("Type 'string' is not assignable to type 'number'");
  }, 60_000);
});
