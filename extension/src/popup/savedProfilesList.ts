import { Trash } from 'lucide';
import { iconButton } from '../browser/ui/icon';
import type { ProfileListAnswer, SigninMessage } from '../browser/signins/signinMessages';

const ask = (message: SigninMessage) => chrome.runtime.sendMessage(message);

/** The named profiles VMark keeps for AI tabs (sealed by the host), each with a button to forget it (its sign-ins go). */
export async function showSavedProfiles(): Promise<void> {
  const list = document.getElementById('profiles') as HTMLUListElement;
  const none = document.getElementById('profiles-none') as HTMLParagraphElement;
  const answer = (await ask({ type: 'vmark.profiles.list' })) as ProfileListAnswer | undefined;
  if (!answer?.ok) {
    none.hidden = false;
    none.textContent = `Named profiles cannot be listed: ${answer?.message ?? 'the extension did not answer'}. Run \`vmark doctor\`.`;
    list.replaceChildren();
    return;
  }
  const profiles = answer.profiles;
  none.hidden = profiles.length > 0;
  list.replaceChildren(
    ...profiles.map((profile) => {
      const item = document.createElement('li');
      const label = document.createElement('span');
      label.textContent = `${profile.name} (${profile.cookies} cookie${profile.cookies === 1 ? '' : 's'}, saved ${new Date(profile.savedAt).toLocaleString()}) `;
      const forget = iconButton(Trash, 'Forget');
      forget.setAttribute('aria-label', `Forget ${profile.name}`);
      forget.addEventListener('click', () => {
        forget.disabled = true;
        void ask({ type: 'vmark.profiles.forget', name: profile.name }).then(showSavedProfiles);
      });
      item.append(label, forget);
      return item;
    }),
  );
}
