import { useState } from 'react';
import type { DelegationScope } from '@vmark/shared/lib/coherence/index';
import type { PanelAuditRow, PanelGrant } from '@vmark/shared/lib/coherence/index';

const DAY_MS = 86_400_000;
const dateInput = (at: Date) => at.toISOString().slice(0, 10);

export interface DelegationActions {
  grant(delegate: string, scope: DelegationScope[], expires: string): Promise<void>;
  revoke(delegation: string): Promise<void>;
}

/**
 * Delegation: the person grants a named AI client (its `vmark connect` name) the right to accept
 * newer or waive through coherence_resolve, until an expiry; revokes it; reads what delegates did.
 */
export function CoherenceDelegation({ grants, audit, actions }: { grants: PanelGrant[]; audit: PanelAuditRow[]; actions: DelegationActions }) {
  const [delegate, setDelegate] = useState('');
  const [accept, setAccept] = useState(true);
  const [waive, setWaive] = useState(false);
  const [expires, setExpires] = useState(() => dateInput(new Date(Date.now() + 7 * DAY_MS)));

  const scope: DelegationScope[] = [...(accept ? (['resolve.accept-newer'] as const) : []), ...(waive ? (['resolve.waive'] as const) : [])];
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    // the end of the chosen day, in the person's time zone
    void actions.grant(delegate, scope, new Date(`${expires}T23:59:59`).toISOString());
  };

  return (
    <section aria-label="Delegation">
      <h3>Delegation</h3>
      <form className="coh-grant" onSubmit={submit}>
        <label className="coh-field">
          Client
          <input value={delegate} onChange={(e) => setDelegate(e.target.value)} placeholder="claude-code" required />
        </label>
        <fieldset>
          <legend>May</legend>
          <label>
            <input type="checkbox" checked={accept} onChange={(e) => setAccept(e.target.checked)} /> Accept newer
          </label>
          <label>
            <input type="checkbox" checked={waive} onChange={(e) => setWaive(e.target.checked)} /> Waive
          </label>
        </fieldset>
        <label className="coh-field">
          Expires
          <input type="date" value={expires} required min={dateInput(new Date())} onChange={(e) => setExpires(e.target.value)} />
        </label>
        <div className="row-actions">
          <button type="submit">Grant</button>
        </div>
      </form>
      {grants.length === 0 && <p className="muted">No client holds a delegation.</p>}
      <ul aria-label="Grants">
        {grants.map((g) => (
          <li key={g.delegation} className="coh-grant-row">
            <span>
              <strong>{g.delegate}</strong>: {g.scope.map((s) => (s === 'resolve.waive' ? 'waive' : 'accept newer')).join(', ')} · {g.expired ? 'expired' : 'until'} {new Date(g.expires).toLocaleDateString()}
            </span>
            <button className="secondary" aria-label={`Revoke ${g.delegate}`} onClick={() => void actions.revoke(g.delegation)}>
              Revoke
            </button>
          </li>
        ))}
      </ul>
      <h3>Audit log</h3>
      {audit.length === 0 && <p className="muted">No delegate has resolved anything.</p>}
      <ul aria-label="Audit log">
        {audit.map((a) => (
          <li key={a.entry}>
            <time>{new Date(a.time).toLocaleString()}</time> · {a.delegate} {a.kind === 'waive' ? 'waived' : 'accepted newer'} {a.upstream_path}
            {a.reason && ` (${a.reason})`}
          </li>
        ))}
      </ul>
    </section>
  );
}
