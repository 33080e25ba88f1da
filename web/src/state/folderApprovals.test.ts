import { describe, expect, it } from 'vitest';
import { FOLDER_APPROVAL_TTL_MS, FolderApprovals } from './folderApprovals';

describe('FolderApprovals', () => {
  it('WSP-OWS-07 WSP-OWS-08 an approval belongs to the connection that asked', () => {
    const approvals = new FolderApprovals();
    approvals.decide(approvals.ask('conn-a', 'A', '/w'), true);
    expect(approvals.get('conn-a', '/w')?.state).toBe('approved');
    expect(approvals.get('conn-b', '/w')).toBeUndefined();
  });

  it('WSP-OWS-10 an unused approval lapses after five minutes', () => {
    let now = 1_000;
    const approvals = new FolderApprovals(() => now);
    approvals.decide(approvals.ask('c', 'A', '/w'), true);
    now += FOLDER_APPROVAL_TTL_MS - 1;
    expect(approvals.get('c', '/w')?.state).toBe('approved');
    now += 2;
    expect(approvals.get('c', '/w')).toBeUndefined();
  });

  it('WSP-OWS-09 WSP-OWS-12 a closed connection loses its approvals; a spent approval is gone', () => {
    const approvals = new FolderApprovals();
    const a = approvals.ask('c', 'A', '/w');
    approvals.decide(a, true);
    approvals.spend(a);
    expect(approvals.get('c', '/w')).toBeUndefined();
    approvals.decide(approvals.ask('c', 'A', '/v'), true);
    approvals.dropConnection('c');
    expect(approvals.get('c', '/v')).toBeUndefined();
  });

  it('WSP-OWS-11 a denial stays until asked again', () => {
    const approvals = new FolderApprovals();
    approvals.decide(approvals.ask('c', 'A', '/w'), false);
    expect(approvals.get('c', '/w')?.state).toBe('denied');
    expect(approvals.consent).toBeNull();
  });
});
