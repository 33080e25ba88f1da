import type { WindowReport, WindowReportPush } from '@vmark/shared';
import { describe, expect, it } from 'vitest';
import { ReportPush } from './reportPush';

const report = (revision: string): WindowReport => ({
  label: 'main',
  activeWorkspaceInstanceId: null,
  tabs: [{ id: 'tab-1', filePath: null, title: 'Untitled', dirty: false, revision, kind: 'markdown', active: true, visible: true }],
  workspaceRoots: [],
});

describe('ReportPush', () => {
  it('pushes a pending change at once when asked to (before an answer), and not again in its microtask', async () => {
    let current = report('rev-1');
    const posted: WindowReportPush[] = [];
    const push = new ReportPush(() => current, (m) => posted.push(m));
    push.restart();
    current = report('rev-2');
    push.changed();
    push.flushPending();
    expect(posted.map((m) => m.report.tabs[0]?.revision)).toEqual(['rev-1', 'rev-2']);
    await Promise.resolve();
    expect(posted).toHaveLength(2);
  });

  it('pushes nothing while there is nowhere to push, and the current report once there is', () => {
    let registered = false;
    const posted: WindowReportPush[] = [];
    const push = new ReportPush(() => (registered ? report('rev-1') : null), (m) => posted.push(m));
    push.changed();
    push.flushPending();
    expect(posted).toEqual([]);
    registered = true;
    push.restart();
    push.restart();
    expect(posted).toEqual([{ type: 'windowReport', report: report('rev-1') }, { type: 'windowReport', report: report('rev-1') }]);
  });
});
