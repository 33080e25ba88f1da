import { forgetProfile } from '../browser/profiles/profileWindow';
import { savedProfiles } from '../browser/profiles/savedCookies';

/** The named profiles VMark keeps for AI tabs, each with a button to forget it (its sign-ins go). */
export async function showSavedProfiles(): Promise<void> {
  const list = document.getElementById('profiles') as HTMLUListElement;
  const none = document.getElementById('profiles-none') as HTMLParagraphElement;
  const profiles = await savedProfiles();
  none.hidden = profiles.length > 0;
  list.replaceChildren(
    ...profiles.map((profile) => {
      const item = document.createElement('li');
      const label = document.createElement('span');
      label.textContent = `${profile.name} (${profile.cookies} cookie${profile.cookies === 1 ? '' : 's'}, saved ${new Date(profile.savedAt).toLocaleString()}) `;
      const forget = document.createElement('button');
      forget.type = 'button';
      forget.textContent = 'Forget';
      forget.setAttribute('aria-label', `Forget ${profile.name}`);
      forget.addEventListener('click', () => {
        forget.disabled = true;
        void forgetProfile(profile.name).then(showSavedProfiles);
      });
      item.append(label, forget);
      return item;
    }),
  );
}
