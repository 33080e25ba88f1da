import { ShieldOff } from 'lucide';
import type { SiteGrantView, SitePermissionsMessage } from '../approvals/sitePermissions';
import { iconButton } from './icon';

// "Site permissions": what each AI principal may do on which site without asking, with a Revoke each.
const list = document.getElementById('grants') as HTMLUListElement;
const none = document.getElementById('grants-none') as HTMLParagraphElement;

function send(message: SitePermissionsMessage): Promise<unknown> {
  return chrome.runtime.sendMessage(message);
}

async function render(): Promise<void> {
  const grants = ((await send({ type: 'vmark.grants.list' })) as SiteGrantView[] | undefined) ?? [];
  list.replaceChildren();
  none.hidden = grants.length > 0;
  for (const grant of grants) {
    const item = document.createElement('li');
    const text = document.createElement('span');
    text.textContent = `${grant.clientName} may ${grant.operation} on ${grant.origin} (since ${new Date(grant.grantedAt).toLocaleTimeString()})`;
    const revoke = iconButton(ShieldOff, 'Revoke');
    revoke.setAttribute('aria-label', `Revoke ${grant.operation} on ${grant.origin} for ${grant.clientName}`);
    revoke.addEventListener('click', () => {
      void send({ type: 'vmark.grants.revoke', principalKey: grant.principalKey, origin: grant.origin, operation: grant.operation }).then(render);
    });
    item.append(text, ' ', revoke);
    list.append(item);
  }
}

chrome.storage.session.onChanged?.addListener(() => void render());
void render();
