import { parseCommentFile, serializeCommentFile, type CommentFile } from '@vmark/shared/lib/comments/index';
import { FsError, type WorkspaceFS } from '../fs/WorkspaceFS';
import { openVMarkDb } from '../journal/db';
import { dirname, isWithin } from '@vmark/shared/lib/paths/index';
import { storageFor, UnreadableComments, workspaceCommentsPath } from './commentStorage';

/** Both files' threads, each once; the result counts as one more change than either. */
export function mergeCommentFiles(into: CommentFile, from: CommentFile, doc: string): CommentFile {
  const known = new Set(into.threads.map((t) => t.id));
  return { version: 1, doc, seq: Math.max(into.seq, from.seq) + 1, threads: [...into.threads, ...from.threads.filter((t) => !known.has(t.id))] };
}

function parsed(text: string, where: string): CommentFile {
  const result = parseCommentFile(text);
  if (!result.ok) throw new UnreadableComments(`${where} cannot be read: ${result.reason}`);
  return result.file;
}

async function readIfThere(fs: WorkspaceFS, path: string): Promise<string | null> {
  try {
    return await fs.readText(path);
  } catch (error) {
    if (error instanceof FsError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
}

/** One document's comments file moves along with it; a file already at the new place is merged, never replaced. */
async function moveFileComments(fs: WorkspaceFS, from: string, to: string): Promise<void> {
  const source = workspaceCommentsPath(fs, from);
  const text = await readIfThere(fs, source);
  if (text === null) return;
  const target = workspaceCommentsPath(fs, to);
  const doc = storageFor(to, fs).doc;
  const moving = { ...parsed(text, source), doc };
  const existing = await readIfThere(fs, target);
  const next = existing === null ? moving : mergeCommentFiles(parsed(existing, target), moving, doc);
  await fs.mkdir(dirname(target));
  await fs.writeText(target, serializeCommentFile(next));
  await fs.remove(source);
}

/** A folder's documents keep their comments: the mirrored folder is renamed when nothing is in the way. */
async function moveFolderComments(fs: WorkspaceFS, from: string, to: string): Promise<void> {
  const source = workspaceCommentsPath(fs, from, 'directory');
  const target = workspaceCommentsPath(fs, to, 'directory');
  if (!(await fs.stat(source)) || (await fs.stat(target))) return;
  await fs.mkdir(dirname(target));
  await fs.rename(source, target);
}

/** Scratch keeps comments in IndexedDB by document key: every record of the file, or of the folder's files, is re-keyed. */
async function moveIndexedDbComments(from: string, to: string): Promise<void> {
  const db = await openVMarkDb();
  for (const docKey of await db.getAllKeys('comments')) {
    if (typeof docKey !== 'string' || !isWithin(from, docKey)) continue;
    const record = await db.get('comments', docKey);
    if (!record) continue;
    const movedKey = to + docKey.slice(from.length);
    const moving = { ...parsed(record.text, docKey), doc: movedKey };
    const existing = await db.get('comments', movedKey);
    const next = existing ? mergeCommentFiles(parsed(existing.text, movedKey), moving, movedKey) : moving;
    await db.put('comments', { docKey: movedKey, text: serializeCommentFile(next) });
    await db.delete('comments', docKey);
  }
}

/**
 * A file or folder of the workspace was renamed or moved from `from` to `to`: the stored comments
 * of everything in it follow, so the threads stay with their documents. Deleting a file keeps its
 * comments (see docs/comments.md).
 */
export async function moveStoredComments(fs: WorkspaceFS, from: string, to: string, kind: 'file' | 'directory'): Promise<void> {
  if (fs.kind === 'scratch') return moveIndexedDbComments(from, to);
  if (kind === 'file') return moveFileComments(fs, from, to);
  return moveFolderComments(fs, from, to);
}
