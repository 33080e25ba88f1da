import { DEFAULT_EDITOR_PORT } from '@vmark/shared';
import { serveEditor } from '../../launch/editorServer';

export async function serveCommand(port = DEFAULT_EDITOR_PORT): Promise<void> {
  const server = await serveEditor(port);
  console.log(`VMark editor: ${server.url}`);
  await new Promise<void>((resolve) => process.once('SIGINT', resolve).once('SIGTERM', resolve));
  await server.close();
}
