import { useState } from 'react';
import type { EdgeState } from '@vmark/shared/lib/coherence/index';
import type { EdgeDiff, PanelEdge } from '@vmark/shared/lib/coherence/index';
import { Diff } from './Diff';

export const STATE_LABELS: Record<EdgeState, string> = {
  'version-stale': 'Upstream changed',
  'stale-valid': 'Checked: still valid',
  'stale-contradicted': 'Checked: contradicts',
  'stale-unknown': "Checked: can't tell",
  waived: 'Waived',
  diverged: 'Diverged',
  'diverged-multi-head': 'Upstream has several heads',
  unpinnable: 'Pinned revision unknown',
  fresh: 'Fresh',
  'fresh-ratified': 'Fresh (newer accepted)',
  'fresh-ahead': 'Fresh (ahead)',
};

type Verdict = 'no-contradiction' | 'contradiction' | 'unknown';

export interface EdgeActions {
  open(relPath: string): void;
  diff(edge: PanelEdge): Promise<EdgeDiff | string>;
  resolve(edge: PanelEdge, resolution: 'accept-newer' | 'waive', reason?: string): Promise<void>;
  check(edge: PanelEdge, verdict: Verdict): Promise<void>;
}

const resolvable = (state: EdgeState) => state !== 'diverged-multi-head' && state !== 'unpinnable' && !state.startsWith('fresh');

/** One edge of the workspace: its state, its two ends, and what the person can do about it. */
export function CoherenceEdgeItem({ edge, actions }: { edge: PanelEdge; actions: EdgeActions }) {
  const [expanded, setExpanded] = useState(false);
  const [diff, setDiff] = useState<EdgeDiff | string | null>(null);
  const [reason, setReason] = useState('');
  const [verdict, setVerdict] = useState<Verdict>('no-contradiction');
  const [problem, setProblem] = useState<string | null>(null);
  const id = `coh-${edge.txf}-${edge.input}`;
  const label = `${edge.downstream_path} from ${edge.upstream_path}`;

  const waive = () => {
    if (!reason.trim()) {
      setProblem('A waiver needs a reason: say why the derived document may stay as it is.');
      return;
    }
    setProblem(null);
    void actions.resolve(edge, 'waive', reason.trim());
  };

  return (
    <li className="coh-edge" data-state={edge.state} aria-label={label}>
      <button aria-expanded={expanded} aria-controls={id} onClick={() => setExpanded(!expanded)}>
        <span className="coh-paths">
          {edge.downstream_path} ← {edge.upstream_path}
        </span>
        <span className={`coh-state coh-state-${edge.state}`}>{STATE_LABELS[edge.state]}</span>
      </button>
      {expanded && (
        <div id={id} className="coh-edge-body">
          <div className="row-actions">
            <button onClick={() => actions.open(edge.upstream_path)}>Open upstream</button>
            <button onClick={() => actions.open(edge.downstream_path)}>Open downstream</button>
            <button onClick={() => void actions.diff(edge).then(setDiff)}>Changes since pinned</button>
          </div>
          {typeof diff === 'string' && <p className="muted">{diff}</p>}
          {diff && typeof diff !== 'string' && (diff.pinned === null || diff.current === null ? <p className="muted">The pinned text of {diff.upstream_path} is not in the ledger's snapshots.</p> : <Diff before={diff.pinned} after={diff.current} />)}
          {resolvable(edge.state) ? (
            <>
              <div className="row-actions">
                <button onClick={() => void actions.resolve(edge, 'accept-newer')}>Accept newer</button>
              </div>
              <label className="coh-field">
                Reason to waive
                <input value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Why may it stay as it is?" />
              </label>
              <div className="row-actions">
                <button onClick={waive}>Waive</button>
              </div>
              <label className="coh-field">
                Check against the newer upstream
                <select value={verdict} onChange={(e) => setVerdict(e.target.value as Verdict)}>
                  <option value="no-contradiction">Still valid</option>
                  <option value="contradiction">Contradicts</option>
                  <option value="unknown">Can't tell</option>
                </select>
              </label>
              <div className="row-actions">
                <button onClick={() => void actions.check(edge, verdict)}>Record check</button>
              </div>
            </>
          ) : (
            !edge.state.startsWith('fresh') && <p className="muted">This edge cannot be resolved here: {edge.state === 'diverged-multi-head' ? 'merge the upstream\'s heads first' : 'revise the downstream'}.</p>
          )}
          {problem && (
            <p className="coh-problem" role="alert">
              {problem}
            </p>
          )}
        </div>
      )}
    </li>
  );
}
