import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import express from 'express';
import { WEB_DIR } from '../os/locations';
import { registerEditorPort } from './editorOrigins';

export interface EditorServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** Serves the built PWA on loopback only. Port 0 picks a free port. */
export async function serveEditor(port: number, root = WEB_DIR): Promise<EditorServer> {
  if (!fs.existsSync(path.join(root, 'index.html'))) {
    throw new Error(`The editor is not built (${root}/index.html is missing). Run \`npm run build\` first.`);
  }
  const app = express();
  app.disable('x-powered-by');
  app.use((req, res, next) => {
    // the service worker must always be revalidated so an update reaches the person
    if (req.path === '/sw.js') res.setHeader('Cache-Control', 'no-cache');
    next();
  });
  app.use(express.static(root, { index: 'index.html' }));
  app.use((_req, res) => res.sendFile(path.join(root, 'index.html')));
  const server = await new Promise<import('node:http').Server>((resolve, reject) => {
    const s = app.listen(port, '127.0.0.1', () => resolve(s));
    s.on('error', reject);
  });
  const actual = (server.address() as AddressInfo).port;
  const unregister = registerEditorPort(actual);
  process.once('exit', unregister);
  return {
    url: `http://127.0.0.1:${actual}/`,
    port: actual,
    close: () =>
      new Promise((resolve) => {
        unregister();
        server.close(() => resolve());
      }),
  };
}
