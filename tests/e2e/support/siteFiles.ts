import fs from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths';

export const SITE_DIR = path.join(REPO_ROOT, 'tests', 'fixtures', 'site');
export const PAGES_DIR = process.env.VMARK_PAGES_DIR ?? path.join(REPO_ROOT, 'tests', 'fixtures', 'pages');

/** Site pages that are pages of the saved corpus, served from there rather than kept twice. */
const FROM_CORPUS: Record<string, string> = { '/wikipedia.html': 'wikipedia.html' };

/** The file behind a URL path of the fixture site, or null (outside the site, missing, a folder). */
export function siteFile(pathname: string): string | null {
  const corpus = FROM_CORPUS[pathname];
  const file = corpus ? path.join(PAGES_DIR, corpus) : path.join(SITE_DIR, path.normalize(pathname));
  if (!corpus && !file.startsWith(SITE_DIR)) return null;
  return fs.existsSync(file) && fs.statSync(file).isFile() ? file : null;
}
