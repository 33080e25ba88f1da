import { entryOrder, type Entry, type EntryOf, type KnownEntry } from '../ledger/entries';
import { IdemSet } from './idemSet';

export interface Revision {
  id: string;
  hash: string;
  parents: readonly string[];
  /**
   * The transformation(s) with inputs whose output is this revision (where its edges come from):
   * at most one nearly always, kept without an array; '' for none.
   */
  producers: string | string[];
  /** Some revision of the object names this one as its parent. */
  hasChild: boolean;
}

type Input = EntryOf<'transformation'>['body']['inputs'][number];

/** What the index keeps of a transformation with inputs (the rest stays in the ledger): the edge sources. */
export interface TransformationRef {
  id: string;
  /** The output object (the downstream). */
  object: string;
  inputs: readonly Input[];
}

const NONE: readonly never[] = Object.freeze([]);

export const producersOf = (revision: Revision | undefined): readonly string[] =>
  revision === undefined || revision.producers === '' ? NONE : typeof revision.producers === 'string' ? [revision.producers] : revision.producers;

export interface TrackedObject {
  id: string;
  /** Last known path (the newest object-registered entry, or where the scan found it). */
  path: string;
  pathEntry: Entry | null;
  revisions: Map<string, Revision>;
  /** Parents named before their own revision arrived (segments apply in any order). */
  orphanParents: Set<string>;
  /** Revisions nothing descends from, kept up to date as entries apply. */
  headSet: Set<string>;
  /** The scan found no file with this id (no ledger entry: a later scan may find it again). */
  absent: boolean;
}

export const edgeKey = (txf: string, input: number): string => `${txf}#${input}`;

const later = (a: Entry | undefined, b: Entry): boolean => a === undefined || entryOrder(a, b) < 0;

/** 1 when the object counts as tracked: it has a revision and was not found gone. */
const tracked = (object: TrackedObject): number => (object.revisions.size > 0 && !object.absent ? 1 : 0);

/**
 * The in-memory index, strictly derived from the ledger: entries apply in any order (segments of
 * several writers merge without sorting) and a second entry with a known idem is ignored.
 * What it derives is saved by `snapshotCodec.ts`: a change to `apply` bumps INDEX_CODE_VERSION there.
 */
export class CoherenceIndex {
  readonly objects = new Map<string, TrackedObject>();
  readonly transformations = new Map<string, TransformationRef>();
  readonly resolutions = new Map<string, (EntryOf<'ratification'> | EntryOf<'waiver'>)[]>();
  /** `edge|pinned|against|context` → the newest check result. */
  readonly checks = new Map<string, EntryOf<'check-result'>>();
  readonly claims = new Map<string, EntryOf<'claim'>[]>();
  readonly delegations = new Map<string, EntryOf<'delegation'>[]>();
  readonly diagnostics: EntryOf<'diagnostic'>[] = [];
  lastNavigation: EntryOf<'navigation'> | undefined;
  /** Every idem applied (read by the index snapshot, `snapshotCodec.ts`, like `dependents`). */
  readonly seen = new IdemSet();
  entryCount = 0;
  /** Objects with a revision that the scan did not find gone (`status.objects`), kept as they change. */
  trackedCount = 0;
  /** Upstream object → the objects whose transformations name it as an input. */
  readonly dependents = new Map<string, Set<string>>();
  /** Downstream objects whose edges may have changed since the projection last looked. */
  private dirty = new Set<string>();
  /** Path → the objects whose `path` it is, kept as entries apply: a lookup by path reads one set, not every object. */
  private readonly byPath = new Map<string, Set<TrackedObject>>();
  /** Each object's place in `objects` (objects are never removed), so a path's objects come in the order a loop over `objects` meets them. */
  private readonly order = new Map<TrackedObject, number>();

  /** Marks an object's own edges, and the edges of everything derived from it, for re-projection. */
  touch(id: string): void {
    this.dirty.add(id);
    for (const dependent of this.dependents.get(id) ?? []) this.dirty.add(dependent);
  }

  takeDirty(): Set<string> {
    const dirty = this.dirty;
    this.dirty = new Set();
    return dirty;
  }

  setAbsent(object: TrackedObject, absent: boolean): void {
    if (object.absent === absent) return;
    object.absent = absent;
    if (object.revisions.size > 0) this.trackedCount += absent ? -1 : 1;
    this.touch(object.id);
  }

  has(idem: string): boolean {
    return this.seen.has(idem);
  }

  object(id: string): TrackedObject {
    return this.objects.get(id) ?? this.addObject({ id, path: '', pathEntry: null, revisions: new Map(), orphanParents: new Set(), headSet: new Set(), absent: false });
  }

  /** Adds an object built elsewhere (the snapshot's), or replaces the one with its id. */
  addObject(object: TrackedObject): TrackedObject {
    const before = this.objects.get(object.id);
    if (before) this.byPath.get(before.path)?.delete(before);
    this.trackedCount += tracked(object) - (before ? tracked(before) : 0);
    this.objects.set(object.id, object);
    this.order.set(object, before ? (this.order.get(before) as number) : this.order.size);
    if (before) this.order.delete(before);
    this.place(object);
    return object;
  }

  /** The objects whose last known path is `path`, in the order of `objects`. */
  atPath(path: string): readonly TrackedObject[] {
    const set = this.byPath.get(path);
    if (!set || set.size === 0) return NONE;
    const list = [...set];
    return list.length === 1 ? list : list.sort((a, b) => (this.order.get(a) as number) - (this.order.get(b) as number));
  }

  private place(object: TrackedObject): void {
    const set = this.byPath.get(object.path);
    if (set) set.add(object);
    else this.byPath.set(object.path, new Set([object]));
  }

  private setPath(object: TrackedObject, path: string): void {
    const set = this.byPath.get(object.path);
    set?.delete(object);
    if (set?.size === 0) this.byPath.delete(object.path);
    object.path = path;
    this.place(object);
  }

  heads(object: TrackedObject): string[] {
    return [...object.headSet];
  }

  /** Whether `ancestor` is a strict ancestor of `rev` (breadth-first over parent links). */
  isAncestor(object: TrackedObject, ancestor: string, rev: string): boolean {
    const queue = [...(object.revisions.get(rev)?.parents ?? [])];
    const visited = new Set<string>();
    while (queue.length > 0) {
      const next = queue.shift() as string;
      if (next === ancestor) return true;
      if (visited.has(next)) continue;
      visited.add(next);
      queue.push(...(object.revisions.get(next)?.parents ?? []));
    }
    return false;
  }

  /**
   * Applies an entry; false (and nothing changes) when its idem was applied before. Which copy of a
   * repeated idem must win (the smallest `(time, id)`) is the caller's to settle (`kernel.ts`).
   */
  apply(entry: KnownEntry | Entry): boolean {
    if (!this.seen.add(entry.idem)) return false;
    this.entryCount++;
    this.applyKind(entry as KnownEntry);
    return true;
  }

  private applyKind(known: KnownEntry): void {
    switch (known.kind) {
      case 'transformation':
        return this.applyTransformation(known);
      case 'object-registered': {
        const object = this.object(known.body.object);
        if (later(object.pathEntry ?? undefined, known)) {
          this.setPath(object, known.body.path);
          object.pathEntry = known;
          this.touch(object.id);
        }
        return;
      }
      case 'ratification':
      case 'waiver': {
        const key = edgeKey(known.body.edge.txf, known.body.edge.input);
        const list = this.resolutions.get(key) ?? [];
        list.push(known);
        this.resolutions.set(key, list);
        this.touchEdge(known.body.edge.txf);
        return;
      }
      case 'check-result': {
        const b = known.body;
        const key = `${edgeKey(b.edge.txf, b.edge.input)}|${b.pinned}|${b.checked_against}|${b.context}`;
        if (later(this.checks.get(key), known)) this.checks.set(key, known);
        this.touchEdge(b.edge.txf);
        return;
      }
      case 'claim':
        this.claims.set(known.body.claim, [...(this.claims.get(known.body.claim) ?? []), known]);
        return;
      case 'delegation':
        this.delegations.set(known.body.delegation, [...(this.delegations.get(known.body.delegation) ?? []), known]);
        return;
      case 'diagnostic':
        this.diagnostics.push(known);
        return;
      case 'navigation':
        if (later(this.lastNavigation, known)) this.lastNavigation = known;
        return;
      default:
      // unknown kinds are kept in the ledger and ignored here
    }
  }

  private touchEdge(txf: string): void {
    const downstream = this.transformations.get(txf)?.object;
    if (downstream) this.dirty.add(downstream);
  }

  /**
   * Keeps only what projections need, with repeated ids shared (the 200,000-entry index must stay
   * small): revision ids and object ids are taken from the index's own copies where it has them.
   */
  private applyTransformation(entry: EntryOf<'transformation'>): void {
    const inputs: readonly Input[] =
      entry.body.inputs.length === 0
        ? NONE
        : entry.body.inputs.map((input) => {
            const upstream = this.objects.get(input.object);
            return { object: upstream?.id ?? input.object, revision: upstream?.revisions.get(input.revision)?.id ?? input.revision, role: input.role };
          });
    for (const output of entry.body.outputs) {
      const object = this.object(output.object);
      for (const input of inputs) {
        const set = this.dependents.get(input.object) ?? new Set<string>();
        set.add(object.id);
        this.dependents.set(input.object, set);
      }
      this.touch(object.id);
      let revision = object.revisions.get(output.revision);
      if (!revision) {
        const parents = output.parents.length === 0 ? NONE : output.parents.map((p) => object.revisions.get(p)?.id ?? p);
        const hasChild = object.orphanParents.delete(output.revision);
        revision = { id: output.revision, hash: output.content_hash, parents, producers: '', hasChild };
        object.revisions.set(revision.id, revision);
        if (object.revisions.size === 1 && !object.absent) this.trackedCount++;
        if (!hasChild) object.headSet.add(revision.id);
        for (const parent of parents) {
          const known = object.revisions.get(parent);
          if (known) {
            known.hasChild = true;
            object.headSet.delete(parent);
          } else object.orphanParents.add(parent);
        }
      }
      // a transformation without inputs (most saves) is the source of no edge: the index keeps only its revisions
      if (inputs.length === 0) continue;
      if (revision.producers === '') revision.producers = entry.id;
      else if (typeof revision.producers === 'string') revision.producers = [revision.producers, entry.id];
      else revision.producers.push(entry.id);
    }
    if (inputs.length === 0) return;
    const first = entry.body.outputs[0] as { object: string };
    this.transformations.set(entry.id, { id: entry.id, object: this.object(first.object).id, inputs });
  }

  /** The newest entry of a claim or grant that no other entry supersedes. */
  static current<T extends Entry<string, { supersedes: string | null }>>(entries: readonly T[]): T | undefined {
    const superseded = new Set(entries.map((e) => e.body.supersedes).filter((s): s is string => s !== null));
    let best: T | undefined;
    for (const entry of entries) if (!superseded.has(entry.id) && later(best, entry)) best = entry;
    return best;
  }
}
