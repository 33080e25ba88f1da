import { checkKeychain, osKeychain, type Keychain } from '../../host/signins/keychain';

export interface Check {
  ok: boolean;
  what: string;
  fix?: string;
}

/** How to get a keychain the host can use, per platform (browser.session_save keeps sign-ins there). */
function setupHint(locked: boolean): string {
  if (locked) return 'unlock the login keyring (log in to the desktop session, or your keychain app), then run `vmark doctor` again';
  if (process.platform === 'linux') {
    return 'saved sign-ins need the Secret Service on the session bus (DBUS_SESSION_BUS_ADDRESS): install and start gnome-keyring (or KeePassXC with its Secret Service on), or, headless, run the browser inside `dbus-run-session` after `printf %s PASSWORD | gnome-keyring-daemon --unlock --components=secrets` (README: Saved sign-ins)';
  }
  if (process.platform === 'win32') return 'the Windows Credential Manager must be reachable for this user (not a service account without a profile)';
  return 'allow vmark (node) to use the login keychain in Keychain Access';
}

/** Writes, reads back and deletes a probe entry in the OS keychain, as the host would. */
export async function keychainCheck(keychain: Keychain = osKeychain): Promise<Check> {
  const problem = await checkKeychain(keychain);
  if (!problem) return { ok: true, what: 'keychain: reachable and unlocked (saved sign-ins of AI tabs)' };
  return { ok: false, what: `keychain: ${problem.problem}`, fix: setupHint(problem.code === 'KEYCHAIN_LOCKED') };
}
