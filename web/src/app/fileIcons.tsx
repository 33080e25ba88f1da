import { File, FileCode, FileImage, FileJson, FileText, Folder, FolderOpen } from 'lucide-react';

const BY_EXTENSION: Record<string, typeof File> = {
  md: FileText,
  markdown: FileText,
  txt: FileText,
  json: FileJson,
  yml: FileCode,
  yaml: FileCode,
  ts: FileCode,
  tsx: FileCode,
  js: FileCode,
  mjs: FileCode,
  css: FileCode,
  html: FileCode,
  png: FileImage,
  jpg: FileImage,
  jpeg: FileImage,
  gif: FileImage,
  svg: FileImage,
  webp: FileImage,
};

/** A file's icon by its kind, read from the extension. */
export function FileKindIcon({ name }: { name: string }) {
  const Icon = BY_EXTENSION[name.slice(name.lastIndexOf('.') + 1).toLowerCase()] ?? File;
  return <Icon className="tree-icon" size={15} aria-hidden />;
}

export function FolderIcon({ open }: { open: boolean }) {
  const Icon = open ? FolderOpen : Folder;
  return <Icon className="tree-icon folder" size={15} aria-hidden />;
}
