const IMAGE_TYPES: Record<string, string> = {
  png: 'image/png',
  apng: 'image/apng',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
};

/** The MIME type for a file name's extension; empty when unknown (the browser then sniffs images). */
export function mimeTypeOf(path: string): string {
  const dot = path.lastIndexOf('.');
  return dot < 0 ? '' : (IMAGE_TYPES[path.slice(dot + 1).toLowerCase()] ?? '');
}
