/** An approval is spent by one open and lapses when it is not used within five minutes (seed: open_workspace). */
export const FOLDER_APPROVAL_TTL_MS = 5 * 60_000;

export type FolderApprovalState = 'pending' | 'approved' | 'denied';

export interface FolderApproval {
  connectionId: string;
  clientName: string;
  path: string;
  state: FolderApprovalState;
  decidedAt: number;
  /** A folder the person picked in the browser's folder dialog for this request. */
  pickedHandle: FileSystemDirectoryHandle | null;
}

type Listener = () => void;

/**
 * Consent for open_workspace, per MCP connection and canonical folder. Nothing is remembered
 * beyond one open, and an approval never crosses to another connection.
 */
export class FolderApprovals {
  private readonly approvals = new Map<string, FolderApproval>();
  private readonly listeners = new Set<Listener>();
  /** The request whose consent dialog is showing. */
  consent: FolderApproval | null = null;
  /** The request whose folder-picker bar is showing. */
  picker: FolderApproval | null = null;

  constructor(private readonly now: () => number = Date.now) {}

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const l of this.listeners) l();
  }

  private key(connectionId: string, path: string): string {
    return `${connectionId}\n${path}`;
  }

  /** The approval of this connection for this folder, with lapsed ones removed. */
  get(connectionId: string, path: string): FolderApproval | undefined {
    const approval = this.approvals.get(this.key(connectionId, path));
    if (approval?.state === 'approved' && this.now() - approval.decidedAt > FOLDER_APPROVAL_TTL_MS) {
      this.approvals.delete(this.key(connectionId, path));
      return undefined;
    }
    return approval;
  }

  ask(connectionId: string, clientName: string, path: string): FolderApproval {
    const approval: FolderApproval = { connectionId, clientName, path, state: 'pending', decidedAt: this.now(), pickedHandle: null };
    this.approvals.set(this.key(connectionId, path), approval);
    this.consent = approval;
    this.changed();
    return approval;
  }

  decide(approval: FolderApproval, allow: boolean): void {
    approval.state = allow ? 'approved' : 'denied';
    approval.decidedAt = this.now();
    if (this.consent === approval) this.consent = null;
    this.changed();
  }

  showPicker(approval: FolderApproval): void {
    this.picker = approval;
    this.changed();
  }

  closePicker(): void {
    this.picker = null;
    this.changed();
  }

  /** One approval opens one folder once. */
  spend(approval: FolderApproval): void {
    this.approvals.delete(this.key(approval.connectionId, approval.path));
    if (this.picker === approval) this.picker = null;
    this.changed();
  }

  dropConnection(connectionId: string): void {
    for (const [key, approval] of this.approvals) if (approval.connectionId === connectionId) this.approvals.delete(key);
    if (this.consent?.connectionId === connectionId) this.consent = null;
    if (this.picker?.connectionId === connectionId) this.picker = null;
    this.changed();
  }

  /** Whether a folder dialog (consent or picker) for another request is open. */
  otherDialogOpen(approval: FolderApproval | undefined): boolean {
    const open = [this.consent, this.picker].filter((a): a is FolderApproval => a !== null);
    return open.some((a) => a !== approval);
  }
}
