import type { Socket } from 'node:net';

/** Local socket framing: one JSON object per line. Lines over the cap close the connection. */
export const MAX_LINE_BYTES = 256 * 1024 * 1024;

/**
 * `maxLineBytes` is read on every chunk, so a peer that has not yet proved who it is can be held
 * to a small cap (a hello is a few hundred bytes) and get the full one once it has.
 */
export function onJsonLines(
  socket: Socket,
  handle: (message: unknown) => void,
  onBad: (reason: string) => void,
  maxLineBytes: () => number = () => MAX_LINE_BYTES,
): void {
  let buffer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    buffer += chunk;
    if (buffer.length > maxLineBytes()) {
      onBad('line too long');
      socket.destroy();
      return;
    }
    let newline: number;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      if (!line.trim()) continue;
      try {
        handle(JSON.parse(line));
      } catch {
        onBad('line is not JSON');
      }
    }
  });
}

export function writeJsonLine(socket: Socket, message: unknown): void {
  if (!socket.destroyed) socket.write(`${JSON.stringify(message)}\n`);
}
