import { DEFAULT_EDITOR_PORT } from '@vmark/shared';
import type { HostServices } from './hostServices';

/** Without a host there is no list: the product's own port still hosts the installed editor. */
const DEFAULT_ORIGINS = [`http://127.0.0.1:${DEFAULT_EDITOR_PORT}`, `http://localhost:${DEFAULT_EDITOR_PORT}`];

/**
 * externally_connectable lets every loopback page connect, whatever its port; only pages of a
 * VMark editor server may act as editors (they receive the AI's calls and reach native folders).
 */
export async function isEditorOrigin(services: HostServices, origin: string | undefined): Promise<boolean> {
  if (!origin) return false;
  const origins = await services.call({ op: 'editor.origins' }).catch(() => DEFAULT_ORIGINS);
  return Array.isArray(origins) && origins.includes(origin);
}
