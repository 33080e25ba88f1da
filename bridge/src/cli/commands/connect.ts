import path from 'node:path';
import { CLIENTS, ConfigRefused, clientConfigPath, readJsoncConfig, serverEntry, writeJsoncKey, type ClientId } from '../../clients/clientConfigs';
import { mintClientCredential } from '../../clients/credentials';

/**
 * `vmark connect <client>`: adds VMark to the client's MCP configuration with a credential of its
 * own, so the host knows which client is calling (delegations name a client, never what it claims).
 */
export function connectCommand(client: string | undefined, configOverride: string | undefined): number {
  if (!client || !(CLIENTS as readonly string[]).includes(client)) {
    console.error(`vmark connect: name the AI client, one of ${CLIENTS.join(', ')} (e.g. \`vmark connect claude-code\`).`);
    return 2;
  }
  const id = client as ClientId;
  const file = configOverride ? path.resolve(configOverride) : clientConfigPath(id);
  try {
    // a config it cannot edit is refused before minting, so the client's old credential stays valid
    readJsoncConfig(file);
  } catch (error) {
    if (error instanceof ConfigRefused) {
      console.error(`vmark connect: ${error.message}`);
      return 1;
    }
    throw error;
  }
  const token = mintClientCredential(id);
  const entry = serverEntry(id, token);
  writeJsoncKey(file, entry.path, entry.value);
  console.log(`${id}: wrote the vmark server with its own credential to ${file}`);
  console.log(`Restart ${id} so it starts \`vmark mcp\` with the credential. Running this again replaces the credential.`);
  return 0;
}
