import { Globe, KeyRound, Plug, ShieldCheck, Unplug, UserRound } from 'lucide';
import type { Status } from '../background/status';
import { icon, prependIcon } from '../browser/ui/icon';
import { bindBrowserSettings } from './browserSettingsForm';
import { showSavedProfiles } from './savedProfilesList';
import { showSavedSignins } from './savedSigninsList';

const statusLine = document.getElementById('status') as HTMLParagraphElement;
const details = document.getElementById('details') as HTMLUListElement;

function item(text: string): HTMLLIElement {
  const li = document.createElement('li');
  li.textContent = text;
  return li;
}

async function refresh(): Promise<void> {
  const status = (await chrome.runtime.sendMessage({ type: 'status' })) as Status;
  const connected = status.host === 'connected';
  statusLine.replaceChildren(
    icon(connected ? Plug : Unplug, 15),
    connected
      ? `Connected to vmark host ${status.hostVersion ?? ''} (${status.roundTripMs} ms)`
      : `Not connected to the vmark host: ${status.error ?? 'unknown reason'}. Run \`vmark doctor\`.`,
  );
  statusLine.className = connected ? 'ok' : 'bad';
  details.replaceChildren(
    item(status.editors.length ? `Editor windows: ${status.editors.join(', ')}` : 'No editor window is open.'),
  );
}

prependIcon(document.getElementById('browser-heading'), Globe, 13);
prependIcon(document.getElementById('profiles-heading'), UserRound, 13);
prependIcon(document.getElementById('signins-heading'), KeyRound, 13);
prependIcon(document.getElementById('connect-heading'), Plug, 13);
prependIcon(document.querySelector('a[href="permissions.html"]'), ShieldCheck, 14);
void refresh();
void bindBrowserSettings();
void showSavedProfiles();
void showSavedSignins();
