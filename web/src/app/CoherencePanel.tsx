import { useCallback, useEffect, useState } from 'react';
import { joinPath, relativeSegments } from '@vmark/shared/lib/paths/index';
import { coherenceOf } from '../coherence/coherenceClient';
import type { Answer, PanelApi, PanelView } from '@vmark/shared/lib/coherence/index';
import type { Tab, WorkspaceInstance } from '../state/types';
import { CoherenceDelegation } from './CoherenceDelegation';
import { CoherenceEdgeItem, type EdgeActions } from './CoherenceEdgeItem';
import { openFileForPerson, saveTabForPerson } from './fileActions';
import { useServices } from './services';

/** Derived from…: the person names the documents the open one was made from; saving records it. */
function DerivedFrom({ tab, rel, objects, onDerive }: { tab: Tab; rel: string; objects: PanelView['objects']; onDerive: (inputs: string[]) => Promise<void> }) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string[]>([]);
  const candidates = objects.filter((o) => o.path !== rel);
  return (
    <section aria-label="Derived from">
      <div className="row-actions">
        <button aria-expanded={open} onClick={() => setOpen(!open)}>
          Derived from…
        </button>
      </div>
      {open && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void onDerive(chosen).then(() => setOpen(false));
          }}
        >
          <fieldset>
            <legend>{tab.title} was made from</legend>
            {candidates.length === 0 && <p className="muted">No other document is recorded yet: save the source documents first.</p>}
            {candidates.map((o) => (
              <label key={o.id} className="coh-choice">
                <input type="checkbox" checked={chosen.includes(o.path)} onChange={(e) => setChosen(e.target.checked ? [...chosen, o.path] : chosen.filter((p) => p !== o.path))} /> {o.path}
              </label>
            ))}
          </fieldset>
          <div className="row-actions">
            <button type="submit" disabled={chosen.length === 0}>
              Record and save
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/**
 * The person's view of the workspace's coherence: which derived documents went stale, resolving
 * them (accept newer, waive with a reason, check), declaring derivations, delegating to AI clients.
 * Scratch and picked folders are served by the kernel in the editor's worker, native folders by `vmark host`.
 */
export function CoherencePanel({ workspace, tab, onClose }: { workspace: WorkspaceInstance; tab: Tab | null; onClose: () => void }) {
  const { store, connection } = useServices();
  const [view, setView] = useState<PanelView | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const kernel = coherenceOf(workspace.fs);
  const root = workspace.fs.root;

  const load = useCallback(async () => {
    if (!kernel) return;
    try {
      const answer = await (await kernel).panel();
      if (answer.ok) setView(answer.data);
      else setProblem(answer.message);
    } catch (error) {
      setProblem(`The coherence kernel could not start: ${(error as Error).message}. Reload the editor to try again.`);
    }
  }, [kernel]);

  useEffect(() => {
    void load();
  }, [load, tab?.savedContent]);

  const run = async <T,>(work: (api: PanelApi) => Promise<Answer<T>>): Promise<void> => {
    if (!kernel) return;
    try {
      const answer = await work(await kernel);
      setProblem(answer.ok ? null : answer.message);
    } catch (error) {
      // a native folder's kernel is in `vmark host`: the host may be gone or refuse the folder
      setProblem(`The coherence kernel did not answer: ${(error as Error).message}. Nothing was changed; retry, and run \`vmark doctor\` if it repeats.`);
    }
    await load();
  };

  const realpath = async (p: string) => (await connection.service({ op: 'fs.realpath', path: p })) as string;
  const edgeActions: EdgeActions = {
    open: (rel) => void openFileForPerson(store, workspace.fs, workspace.id, joinPath(root, rel)).catch((e: Error) => setProblem(e.message)),
    diff: async (edge) => {
      const answer = await (await kernel!).diff(edge.txf, edge.input);
      return answer.ok ? answer.data : answer.message;
    },
    resolve: (edge, resolution, reason) => run((api) => api.resolveAsPerson({ txf: edge.txf, input: edge.input, resolution, ...(reason ? { reason } : {}) })),
    check: (edge, verdict) => run((api) => api.recordCheck({ txf: edge.txf, input: edge.input, verdict })),
  };

  const header = (
    <header>
      <h2>Coherence of {workspace.fs.name}</h2>
      <button aria-label="Close coherence" onClick={onClose}>
        ×
      </button>
    </header>
  );

  if (!kernel) {
    return (
      <aside className="coherence-panel" aria-label="Coherence">
        {header}
        <p>This workspace keeps no coherence ledger the panel can reach. AI clients read a folder's coherence with the coherence tool; open the folder as a picked or native folder to work on it here.</p>
      </aside>
    );
  }

  const rel = tab?.filePath ? relativeSegments(root, tab.filePath)?.join('/') ?? null : null;
  const open = view?.edges.filter((e) => !e.state.startsWith('fresh')) ?? [];
  const fresh = view?.edges.filter((e) => e.state.startsWith('fresh')) ?? [];

  return (
    <aside className="coherence-panel" aria-label="Coherence">
      {header}
      {problem && (
        <p className="coh-problem" role="alert">
          {problem}
        </p>
      )}
      {view === null && !problem && <p className="muted">Reading the ledger…</p>}
      {view && !view.tracked && (
        <section aria-label="Recording">
          <p>Nothing is recorded here yet. From the first save of a document in this workspace, every save is recorded in <code>.vmark/</code>; your documents themselves are never changed for it.</p>
        </section>
      )}
      {view?.tracked && (
        <>
          {tab && rel && tab.kind === 'markdown' && (
            <DerivedFrom
              tab={tab}
              rel={rel}
              objects={view.objects}
              onDerive={async (inputs) => {
                await saveTabForPerson(store, tab.id, realpath, { by: 'person', inputs: inputs.map((p) => joinPath(root, p)) });
                await load();
              }}
            />
          )}
          <h3>Needs attention</h3>
          {open.length === 0 && <p className="muted">Every derived document is up to date with its sources.</p>}
          <ul aria-label="Stale edges">
            {open.map((e) => (
              <CoherenceEdgeItem key={`${e.txf}#${e.input}`} edge={e} actions={edgeActions} />
            ))}
          </ul>
          {fresh.length > 0 && (
            <>
              <h3>Up to date</h3>
              <ul aria-label="Fresh edges">
                {fresh.map((e) => (
                  <CoherenceEdgeItem key={`${e.txf}#${e.input}`} edge={e} actions={edgeActions} />
                ))}
              </ul>
            </>
          )}
          <CoherenceDelegation
            grants={view.grants}
            audit={view.audit}
            actions={{
              grant: (delegate, scope, expires) => run((api) => api.grant({ delegate, scope, expires })),
              revoke: (delegation) => run((api) => api.revoke(delegation)),
            }}
          />
          <h3>Claims</h3>
          {view.claims.length === 0 && <p className="muted">No canon claims.</p>}
          <ul aria-label="Claims">
            {view.claims.map((c) => (
              <li key={c.claim}>
                {c.statement} <span className="muted">({c.maturity}{c.visible ? '' : ', hidden in default'})</span>
              </li>
            ))}
          </ul>
          <h3>Contexts</h3>
          <ul aria-label="Contexts">
            {view.contexts.map((c) => (
              <li key={c.id}>
                {c.name} <span className="muted">({c.enforcement}{c.parent ? `, inherits ${c.parent}` : ''})</span>
                {c.errors.length > 0 && <span className="coh-problem"> {c.errors.join('; ')}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
    </aside>
  );
}
