import type { CallRequest, WindowReport } from '@vmark/shared';
import { describe, expect, it } from 'vitest';
import { EditorPorts, type EditorWindow } from './editorPorts';
import { collectReports } from './windowReports';

/** An editor window's runtime port: records the calls the worker posts to it. */
function fakeWindow(label: string): EditorWindow & { posted: CallRequest[] } {
  const posted: CallRequest[] = [];
  const port = { postMessage: (m: CallRequest) => posted.push(m) } as unknown as chrome.runtime.Port;
  return { label, port, browserTabId: 1, browserWindowId: 1, posted };
}

const report = (label: string, tabId: string): WindowReport => ({
  label,
  activeWorkspaceInstanceId: null,
  tabs: [{ id: tabId, filePath: null, title: 'Untitled', dirty: false, revision: 'rev-1', kind: 'markdown', active: true, visible: true }],
  workspaceRoots: [],
});

describe('collectReports (SES-GS-01, SES-GS-02)', () => {
  it('asks a window that has pushed no report yet, and leaves it out when it fails to answer', async () => {
    const ports = new EditorPorts();
    const window = fakeWindow('main');
    ports.add(window);
    const collected = collectReports(ports);
    expect(window.posted).toHaveLength(1);
    expect(window.posted[0]).toMatchObject({ tool: 'vmark_window', action: 'report' });
    ports.settle({ type: 'result', id: window.posted[0]!.id, outcome: { kind: 'ok', data: report('main', 'tab-a') } });
    await expect(collected).resolves.toEqual([{ window, report: report('main', 'tab-a') }]);
  });

  it('answers from the latest pushed report without asking the window', async () => {
    const ports = new EditorPorts();
    const window = fakeWindow('main');
    ports.add(window);
    ports.keepReport(window.port, report('main', 'tab-a'));
    ports.keepReport(window.port, report('main', 'tab-b'));
    await expect(collectReports(ports)).resolves.toEqual([{ window, report: report('main', 'tab-b') }]);
    expect(window.posted).toEqual([]);
  });

  it('drops a window\'s report with its port, and keeps none for a port that never registered', async () => {
    const ports = new EditorPorts();
    const closing = fakeWindow('main');
    ports.add(closing);
    ports.keepReport(closing.port, report('main', 'tab-a'));
    ports.remove(closing.port);
    expect(ports.reportOf(closing)).toBeUndefined();
    // the same port registering again (it cannot, but a report must not outlive the window it came from)
    ports.add(closing);
    expect(ports.reportOf(closing)).toBeUndefined();
    const unregistered = fakeWindow('window-2');
    ports.keepReport(unregistered.port, report('window-2', 'tab-c'));
    ports.add(unregistered);
    expect(ports.reportOf(unregistered)).toBeUndefined();
  });
});
