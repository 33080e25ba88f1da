import { StateEffect, StateField, type Extension, type Range, type Text } from '@codemirror/state';
import { Decoration, EditorView, ViewPlugin, type DecorationSet, type ViewUpdate } from '@codemirror/view';
import { lintWorkflow } from '../workflow/actionlintClient';
import type { WorkflowDiagnostic } from '../workflow/diagnostics';

/** Lints a document text; null when the linter could not run (the old underlines then stay). */
export type WorkflowLinter = (text: string) => Promise<WorkflowDiagnostic[] | null>;

/** Typing pause after which the workflow is linted again. */
const LINT_DELAY_MS = 400;

const setDiagnostics = StateEffect.define<DecorationSet>();

const diagnosticsField = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(decorations, transaction) {
    let next = decorations.map(transaction.changes);
    for (const effect of transaction.effects) if (effect.is(setDiagnostics)) next = effect.value;
    return next;
  },
  provide: (field) => EditorView.decorations.from(field),
});

const theme = EditorView.baseTheme({
  '.cm-workflow-diagnostic-error': { textDecoration: 'underline wavy #d33', textUnderlineOffset: '3px' },
  '.cm-workflow-diagnostic-warning': { textDecoration: 'underline wavy #c90', textUnderlineOffset: '3px' },
  '.cm-line.cm-workflow-diagnostic-line-error': { backgroundColor: 'rgba(221, 51, 51, 0.08)' },
  '.cm-line.cm-workflow-diagnostic-line-warning': { backgroundColor: 'rgba(204, 153, 0, 0.08)' },
});

/** UTF-16 offset in `text` of a 0-based column in code points, as actionlint counts YAML positions. */
function offsetOfColumn(text: string, column: number): number {
  let offset = 0;
  for (let i = 0; i < column && offset < text.length; i++) offset += (text.codePointAt(offset) ?? 0) > 0xffff ? 2 : 1;
  return offset;
}

/** The word at a diagnostic's position (up to the next blank), or null on an empty line. */
export function diagnosticRange(doc: Text, diagnostic: Pick<WorkflowDiagnostic, 'line' | 'col'>): { from: number; to: number } | null {
  const line = doc.line(Math.min(Math.max(diagnostic.line, 1), doc.lines));
  if (line.length === 0) return null;
  const start = Math.min(offsetOfColumn(line.text, Math.max(diagnostic.col - 1, 0)), line.length - 1);
  let end = start;
  while (end < line.length && !/\s/.test(line.text[end] ?? '')) end++;
  return { from: line.from + start, to: line.from + Math.max(end, start + 1) };
}

function decorationsFor(doc: Text, diagnostics: readonly WorkflowDiagnostic[]): DecorationSet {
  // one mark per range, carrying every message at that spot, so a hover shows them all
  const byRange = new Map<string, { from: number; to: number; line: number; messages: string[]; severity: WorkflowDiagnostic['severity'] }>();
  for (const diagnostic of diagnostics) {
    const range = diagnosticRange(doc, diagnostic);
    const line = doc.line(Math.min(Math.max(diagnostic.line, 1), doc.lines));
    const key = range ? `${range.from}-${range.to}` : `line-${line.from}`;
    const entry = byRange.get(key) ?? { from: range?.from ?? line.from, to: range?.to ?? line.from, line: line.from, messages: [], severity: diagnostic.severity };
    entry.messages.push(`${diagnostic.severity}: ${diagnostic.message}`);
    if (diagnostic.severity === 'error') entry.severity = 'error';
    byRange.set(key, entry);
  }
  const ranges: Range<Decoration>[] = [...byRange.values()].map((entry) => {
    const attributes = { title: entry.messages.join('\n') };
    return entry.from === entry.to
      ? Decoration.line({ class: `cm-workflow-diagnostic-line-${entry.severity}`, attributes }).range(entry.line)
      : Decoration.mark({ class: `cm-workflow-diagnostic cm-workflow-diagnostic-${entry.severity}`, attributes }).range(entry.from, entry.to);
  });
  return Decoration.set(ranges, true);
}

/** Lints after each typing pause; one run at a time, and a result for text that has changed since is dropped. */
function lintOnPause(lint: WorkflowLinter): Extension {
  return ViewPlugin.fromClass(
    class {
      private timer: ReturnType<typeof setTimeout> | null = null;
      private running = false;
      private rerun = false;
      private destroyed = false;

      constructor(private readonly view: EditorView) {
        this.schedule();
      }

      update(update: ViewUpdate): void {
        if (update.docChanged) this.schedule();
      }

      destroy(): void {
        this.destroyed = true;
        if (this.timer) clearTimeout(this.timer);
      }

      private schedule(): void {
        if (this.timer) clearTimeout(this.timer);
        this.timer = setTimeout(() => void this.run(), LINT_DELAY_MS);
      }

      private async run(): Promise<void> {
        this.timer = null;
        if (this.running) {
          this.rerun = true;
          return;
        }
        this.running = true;
        const doc = this.view.state.doc;
        const diagnostics = await lint(doc.toString()).catch(() => null);
        this.running = false;
        if (this.destroyed) return;
        if (diagnostics && this.view.state.doc === doc) this.view.dispatch({ effects: setDiagnostics.of(decorationsFor(doc, diagnostics)) });
        if (this.rerun) {
          this.rerun = false;
          void this.run();
        }
      }
    },
  );
}

/** actionlint findings underlined as you type, the message in the hover title; `lint` is replaceable for tests. */
export function workflowDiagnostics(path: string | null, lint: WorkflowLinter = linterFor(path)): Extension {
  return [diagnosticsField, theme, lintOnPause(lint)];
}

function linterFor(path: string | null): WorkflowLinter {
  return async (text) => {
    const outcome = await lintWorkflow(text, path ?? 'workflow.yml');
    return outcome.ok ? outcome.diagnostics : null;
  };
}
