/**
 * Reads a V8 `.heapsnapshot` (what CDP `HeapProfiler.takeHeapSnapshot` streams) and tells what a
 * later snapshot holds that an earlier one did not: object ids are stable across snapshots of one
 * page, so "new" is an id the baseline lacks. Each new object is charged to the **holder** of its
 * shortest path from the GC roots: the last object on that path that was already in the baseline,
 * and the edge by which it holds the new part (e.g. a module-level Map and the key it grew by).
 */

interface RawSnapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

export class HeapSnapshot {
  readonly nodeCount: number;
  private readonly nodes: number[];
  private readonly edges: number[];
  private readonly strings: string[];
  private readonly nodeFields: number;
  private readonly edgeFields: number;
  private readonly nodeTypes: string[];
  private readonly edgeTypes: string[];
  private readonly at: Record<'type' | 'name' | 'id' | 'selfSize' | 'edgeCount' | 'edgeType' | 'edgeName' | 'toNode', number>;
  /** Index of each node's first edge in `edges` (in fields). */
  private readonly firstEdge: Uint32Array;

  constructor(json: string) {
    const raw = JSON.parse(json) as RawSnapshot;
    const meta = raw.snapshot.meta;
    this.nodes = raw.nodes;
    this.edges = raw.edges;
    this.strings = raw.strings;
    this.nodeFields = meta.node_fields.length;
    this.edgeFields = meta.edge_fields.length;
    this.nodeTypes = meta.node_types[0];
    this.edgeTypes = meta.edge_types[0];
    this.at = {
      type: meta.node_fields.indexOf('type'),
      name: meta.node_fields.indexOf('name'),
      id: meta.node_fields.indexOf('id'),
      selfSize: meta.node_fields.indexOf('self_size'),
      edgeCount: meta.node_fields.indexOf('edge_count'),
      edgeType: meta.edge_fields.indexOf('type'),
      edgeName: meta.edge_fields.indexOf('name_or_index'),
      toNode: meta.edge_fields.indexOf('to_node'),
    };
    this.nodeCount = this.nodes.length / this.nodeFields;
    this.firstEdge = new Uint32Array(this.nodeCount + 1);
    for (let n = 0, e = 0; n < this.nodeCount; n++) {
      this.firstEdge[n] = e;
      e += (this.nodes[n * this.nodeFields + this.at.edgeCount] as number) * this.edgeFields;
    }
    this.firstEdge[this.nodeCount] = this.edges.length;
  }

  type(n: number): string {
    return this.nodeTypes[this.nodes[n * this.nodeFields + this.at.type] as number] ?? '?';
  }
  name(n: number): string {
    return this.strings[this.nodes[n * this.nodeFields + this.at.name] as number] ?? '?';
  }
  id(n: number): number {
    return this.nodes[n * this.nodeFields + this.at.id] as number;
  }
  selfSize(n: number): number {
    return this.nodes[n * this.nodeFields + this.at.selfSize] as number;
  }
  totalSize(): number {
    let total = 0;
    for (let n = 0; n < this.nodeCount; n++) total += this.selfSize(n);
    return total;
  }
  ids(): Set<number> {
    const ids = new Set<number>();
    for (let n = 0; n < this.nodeCount; n++) ids.add(this.id(n));
    return ids;
  }

  /**
   * Flat strings that contain `needle`. V8 names a string node by its first 1,024 characters (a
   * concatenated or sliced string by its kind only; its parts are nodes of their own), so text to be
   * found must carry the needle at least that often.
   */
  stringsContaining(needle: string): number[] {
    const found: number[] = [];
    for (let n = 0; n < this.nodeCount; n++) if (this.type(n) === 'string' && this.name(n).includes(needle)) found.push(n);
    return found;
  }

  /** Calls `visit(edgeType, edgeName, toNode)` for each outgoing edge of `n`. */
  forEachEdge(n: number, visit: (type: string, name: string, to: number) => void): void {
    for (let e = this.firstEdge[n] as number; e < (this.firstEdge[n + 1] as number); e += this.edgeFields) {
      const type = this.edgeTypes[this.edges[e + this.at.edgeType] as number] ?? '?';
      const raw = this.edges[e + this.at.edgeName] as number;
      const name = type === 'element' || type === 'hidden' ? `[${raw}]` : (this.strings[raw] ?? '?');
      visit(type, name, (this.edges[e + this.at.toNode] as number) / this.nodeFields);
    }
  }

  /** A readable label of a node: its constructor or kind, and a string's first characters. */
  label(n: number): string {
    const type = this.type(n);
    const name = this.name(n);
    if (type === 'string' || type === 'concatenated string' || type === 'sliced string') return `"${name.slice(0, 40).replace(/\n/g, '\\n')}…"(${type})`;
    if (type === 'closure') return `${name || '(anonymous)'}()`;
    return type === 'object' || type === 'native' ? name : `${name}(${type})`;
  }

  /** Shortest paths from the root over strong edges: each reached node's parent and the edge's name. */
  shortestPaths(): { parent: Int32Array; edge: string[] } {
    const parent = new Int32Array(this.nodeCount).fill(-1);
    const edge: string[] = new Array<string>(this.nodeCount);
    parent[0] = 0;
    let frontier = [0];
    while (frontier.length > 0) {
      const next: number[] = [];
      for (const n of frontier) {
        this.forEachEdge(n, (type, name, to) => {
          if (type === 'weak' || parent[to] !== -1) return;
          parent[to] = n;
          edge[to] = name;
          next.push(to);
        });
      }
      frontier = next;
    }
    return { parent, edge };
  }

  /** The path from the root to `n`, as `label.edge` steps (synthetic roots left out). */
  pathTo(n: number, paths: { parent: Int32Array; edge: string[] }, maxSteps = 14): string {
    const steps: string[] = [];
    for (let at = n; at !== 0 && paths.parent[at] !== -1 && steps.length < maxSteps; at = paths.parent[at] as number) {
      steps.push(`${this.label(paths.parent[at] as number)} .${paths.edge[at]}`);
    }
    return steps.reverse().join(' → ');
  }
}

export interface Growth {
  /** Self sizes of the objects not in the baseline, by node type and constructor. */
  byConstructor: { key: string; count: number; bytes: number }[];
  /** The same charged to the baseline object (and edge) that holds them on the shortest path. */
  byHolder: { holder: string; path: string; count: number; bytes: number }[];
  /** The largest new objects with their paths. */
  largest: { label: string; bytes: number; path: string }[];
  newBytes: number;
}

/** What `after` holds that the snapshot whose ids are `before` did not. */
export function growth(after: HeapSnapshot, before: Set<number>, top = 25): Growth {
  const paths = after.shortestPaths();
  const byConstructor = new Map<string, { count: number; bytes: number }>();
  const byHolder = new Map<string, { path: string; count: number; bytes: number }>();
  const largest: { n: number; bytes: number }[] = [];
  let newBytes = 0;
  for (let n = 1; n < after.nodeCount; n++) {
    if (before.has(after.id(n))) continue;
    const bytes = after.selfSize(n);
    newBytes += bytes;
    const key = `${after.type(n)} ${after.type(n) === 'object' || after.type(n) === 'closure' || after.type(n) === 'native' ? after.name(n) : ''}`.trim();
    const c = byConstructor.get(key) ?? { count: 0, bytes: 0 };
    c.count++;
    c.bytes += bytes;
    byConstructor.set(key, c);
    if (bytes > 64 * 1024) largest.push({ n, bytes });
    // up the shortest path to the first object the baseline had
    let child = n;
    let at = paths.parent[n] as number;
    if (at === -1) continue;
    while (at !== 0 && !before.has(after.id(at))) {
      child = at;
      at = paths.parent[at] as number;
    }
    const holderKey = `${after.label(at)} .${paths.edge[child]} → ${after.label(child)}`;
    const h = byHolder.get(holderKey) ?? { path: after.pathTo(at, paths), count: 0, bytes: 0 };
    h.count++;
    h.bytes += bytes;
    byHolder.set(holderKey, h);
  }
  return {
    byConstructor: [...byConstructor].map(([key, v]) => ({ key, ...v })).sort((a, b) => b.bytes - a.bytes).slice(0, top),
    byHolder: [...byHolder].map(([holder, v]) => ({ holder, ...v })).sort((a, b) => b.bytes - a.bytes).slice(0, top),
    largest: largest.sort((a, b) => b.bytes - a.bytes).slice(0, top).map(({ n, bytes }) => ({ label: after.label(n), bytes, path: after.pathTo(n, paths) })),
    newBytes,
  };
}

/** The parts of a CDP session used here (Playwright's `CDPSession`). */
interface HeapCdp {
  send(method: 'HeapProfiler.collectGarbage' | 'HeapProfiler.takeHeapSnapshot', params?: object): Promise<unknown>;
  on(event: 'HeapProfiler.addHeapSnapshotChunk', listener: (event: { chunk: string }) => void): unknown;
  off(event: 'HeapProfiler.addHeapSnapshotChunk', listener: (event: { chunk: string }) => void): unknown;
}

/** A snapshot of the page's main-thread heap after a forced garbage collection. */
export async function takeHeapSnapshot(cdp: HeapCdp): Promise<HeapSnapshot> {
  return new HeapSnapshot(await heapSnapshotJson(cdp));
}

/** The `.heapsnapshot` JSON of the page's main-thread heap after a forced garbage collection. */
export async function heapSnapshotJson(cdp: HeapCdp): Promise<string> {
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.collectGarbage');
  const chunks: string[] = [];
  const collect = ({ chunk }: { chunk: string }) => chunks.push(chunk);
  cdp.on('HeapProfiler.addHeapSnapshotChunk', collect);
  try {
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  } finally {
    cdp.off('HeapProfiler.addHeapSnapshotChunk', collect);
  }
  return chunks.join('');
}

/** Where the strings holding `needle` are kept: how many, and the paths of the first few. */
export function retainersOf(snapshot: HeapSnapshot, needle: string, shown = 3): { count: number; paths: string[] } {
  const found = snapshot.stringsContaining(needle);
  if (found.length === 0) return { count: 0, paths: [] };
  const paths = snapshot.shortestPaths();
  return { count: found.length, paths: found.slice(0, shown).map((n) => `${snapshot.pathTo(n, paths)} → ${snapshot.label(n)}`) };
}
