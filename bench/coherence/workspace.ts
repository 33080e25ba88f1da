import fs from 'node:fs';
import path from 'node:path';
import { contentHash, insertIdentity, revisionId, sha256Hex, uuidv7 } from '@vmark/shared/lib/coherence/index';

export interface GeneratedWorkspace {
  root: string;
  files: string[];
  entries: number;
  writers: number;
  edges: number;
  /** Entries held back from the end of the first writer's segment, appended later (the tail a snapshot does not cover). */
  tail: { segment: string; text: string; entries: number };
}

const WRITERS = 8;

/**
 * A workspace of `fileCount` documents with vmark ids and `entryCount` ledger entries spread over
 * eight writers' segments: each document has a history of revisions (a chain), and every second
 * document derives from the one before it (some pinned to an older upstream revision, so stale).
 * The files on disk hold the head revisions, so a scan finds nothing to record. The last `tailEntries`
 * lines of the first segment are returned, not written: the caller appends them when it wants a tail.
 */
export function generateWorkspace(root: string, fileCount: number, entryCount: number, tailEntries = 0): GeneratedWorkspace {
  const writers = Array.from({ length: WRITERS }, () => uuidv7());
  const segments = writers.map(() => [] as string[]);
  const perFile = Math.max(2, Math.floor(entryCount / fileCount));
  const heads: string[] = [];
  const allRevs: string[][] = [];
  const ids: string[] = [];
  const files: string[] = [];
  let entries = 0;
  let edges = 0;
  let clock = Date.parse('2026-01-01T00:00:00Z');
  const line = (w: number, kind: string, body: unknown): void => {
    clock += 7;
    const time = new Date(clock).toISOString();
    (segments[w] as string[]).push(JSON.stringify({ format: 0, id: uuidv7(clock), kind, time, writer: writers[w], idem: uuidv7(clock), body }));
    entries++;
  };
  for (let k = 0; k < fileCount; k++) {
    const id = uuidv7();
    const rel = `part-${String(k % 50).padStart(2, '0')}/doc-${String(k).padStart(5, '0')}.md`;
    const w = k % WRITERS;
    ids.push(id);
    files.push(rel);
    line(w, 'object-registered', { object: id, path: rel });
    const revs: string[] = [];
    let parent: string | null = null;
    const body = (r: number): string => `# Document ${k}\n\nRevision ${r} of a generated document. ${'Lorem ipsum dolor sit amet. '.repeat(8)}\n`;
    for (let r = 0; r < perFile - 1; r++) {
      const last = r === perFile - 2;
      const hash = last ? contentHash(body(r)).hash : `sha256:${sha256Hex(`${k}:${r}`)}`;
      const rev = revisionId(hash, parent ? [parent] : []);
      // the downstream half pins its upstream: at the head (fresh) for most, an older revision (stale) for every tenth
      const upstream = k % 2 === 1 && last ? k - 1 : -1;
      const inputs =
        upstream >= 0 ? [{ object: ids[upstream], revision: k % 20 === 1 ? (allRevs[upstream]?.[0] as string) : (heads[upstream] as string), role: 'direct' }] : [];
      if (inputs.length > 0) edges++;
      line(w, 'transformation', {
        inputs,
        outputs: [{ object: id, revision: rev, content_hash: hash, parents: parent ? [parent] : [] }],
        agent: { type: 'human' },
        intent: { kind: 'save', summary: '' },
        confidence: 'exact',
      });
      revs.push(rev);
      parent = rev;
    }
    heads.push(parent as string);
    allRevs.push(revs);
    const file = path.join(root, rel);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, insertIdentity(body(perFile - 2), id));
  }
  fs.mkdirSync(path.join(root, '.vmark', 'ledger'), { recursive: true });
  fs.writeFileSync(path.join(root, '.vmark', '.gitattributes'), 'ledger/*.jsonl merge=union\n');
  fs.writeFileSync(path.join(root, '.vmark', '.gitignore'), 'cache/\n');
  const first = segments[0] as string[];
  const held = first.splice(first.length - Math.min(tailEntries, first.length - 1));
  writers.forEach((writer, w) => fs.writeFileSync(path.join(root, '.vmark', 'ledger', `${writer}.jsonl`), `${(segments[w] as string[]).join('\n')}\n`));
  const tail = { segment: `.vmark/ledger/${writers[0]}.jsonl`, text: held.length === 0 ? '' : `${held.join('\n')}\n`, entries: held.length };
  return { root, files, entries: entries - held.length, writers: WRITERS, edges, tail };
}
