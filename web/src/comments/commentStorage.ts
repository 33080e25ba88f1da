import { parseCommentFile, serializeCommentFile, type CommentFile } from '@vmark/shared/lib/comments/index';
import { FsError, type WorkspaceFS } from '../fs/WorkspaceFS';
import { openVMarkDb } from '../journal/db';
import { dirname, isWithin, joinPath } from '@vmark/shared/lib/paths/index';

/** Where one document's comments are kept: a file beside the workspace, or IndexedDB. */
export interface CommentStorage {
  /** A human-readable place, for messages. */
  readonly where: string;
  /** The doc field of a new file. */
  readonly doc: string;
  /** The stored comments; null when there are none yet. Throws when they cannot be read or parsed. */
  load(): Promise<CommentFile | null>;
  save(file: CommentFile): Promise<void>;
}

export class UnreadableComments extends Error {}

function parse(text: string, where: string): CommentFile {
  const parsed = parseCommentFile(text);
  if (!parsed.ok) throw new UnreadableComments(`${where} cannot be read: ${parsed.reason}`);
  return parsed.file;
}

/** Scratch and untitled documents: one record per document in the editor's IndexedDB. */
export function indexedDbStorage(docKey: string): CommentStorage {
  const where = `the comments of ${docKey} in the browser's storage`;
  return {
    where,
    doc: docKey,
    async load() {
      const record = await (await openVMarkDb()).get('comments', docKey);
      return record ? parse(record.text, where) : null;
    },
    async save(file) {
      await (await openVMarkDb()).put('comments', { docKey, text: serializeCommentFile(file) });
    },
  };
}

export const COMMENTS_FOLDER = '.vmark/comments';

const relativeToRoot = (fs: WorkspaceFS, path: string): string => path.slice(fs.root.length).replace(/^\/+/, '');

/** The comments file of a document of a folder workspace, or the mirrored folder of a folder. */
export function workspaceCommentsPath(fs: WorkspaceFS, path: string, kind: 'file' | 'directory' = 'file'): string {
  const mirrored = joinPath(joinPath(fs.root, COMMENTS_FOLDER), relativeToRoot(fs, path));
  return kind === 'file' ? `${mirrored}.json` : mirrored;
}

/** Folders on disk: `<root>/.vmark/comments/<path inside the workspace>.json`, so the files mirror the documents. */
export function workspaceFileStorage(fs: WorkspaceFS, filePath: string): CommentStorage {
  const relative = relativeToRoot(fs, filePath);
  const path = workspaceCommentsPath(fs, filePath);
  return {
    where: path,
    doc: relative,
    async load() {
      try {
        return parse(await fs.readText(path), path);
      } catch (error) {
        if (error instanceof FsError && error.code === 'NOT_FOUND') return null;
        throw error;
      }
    },
    async save(file) {
      await fs.mkdir(dirname(path));
      await fs.writeText(path, serializeCommentFile(file));
    },
  };
}

/** Files of a native or picked folder keep their comments beside them; everything else in IndexedDB. */
export function storageFor(docKey: string, fs: WorkspaceFS | undefined): CommentStorage {
  if (fs && fs.kind !== 'scratch' && isWithin(fs.root, docKey) && docKey !== fs.root) return workspaceFileStorage(fs, docKey);
  return indexedDbStorage(docKey);
}
