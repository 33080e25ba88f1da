import { WINDOW_REPORT_REQUEST, type WindowReport } from '@vmark/shared';
import type { EditorPorts, EditorWindow } from './editorPorts';

export interface CollectedWindow {
  window: EditorWindow;
  report: WindowReport;
}

/**
 * Every editor window's report: the one it pushed, or, from a window that has pushed none yet, asked for;
 * a window that fails to answer is left out, not guessed.
 */
export async function collectReports(ports: EditorPorts): Promise<CollectedWindow[]> {
  const answers = await Promise.all(
    ports.list().map(async (window) => {
      const pushed = ports.reportOf(window);
      if (pushed) return { window, report: pushed };
      const outcome = await ports.call(window, {
        ...WINDOW_REPORT_REQUEST,
        args: {},
        principal: { connectionId: 'router', clientName: 'router' },
      });
      return outcome.kind === 'ok' ? { window, report: outcome.data as WindowReport } : null;
    }),
  );
  return answers.filter((a): a is CollectedWindow => a !== null);
}
