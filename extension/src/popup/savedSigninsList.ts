import { Trash } from 'lucide';
import { iconButton } from '../browser/ui/icon';
import type { SigninListAnswer, SigninMessage } from '../browser/signins/signinMessages';

const ask = (message: SigninMessage) => chrome.runtime.sendMessage(message);

/** Sign-ins AI clients saved with browser.session_save (kept in the OS keychain): handle and site, with Forget. Never a value. */
export async function showSavedSignins(): Promise<void> {
  const list = document.getElementById('signins') as HTMLUListElement;
  const none = document.getElementById('signins-none') as HTMLParagraphElement;
  const answer = (await ask({ type: 'vmark.signins.list' })) as SigninListAnswer | undefined;
  if (!answer?.ok) {
    none.hidden = false;
    none.textContent = `Saved sign-ins cannot be listed: ${answer?.message ?? 'the extension did not answer'}. Run \`vmark doctor\`.`;
    list.replaceChildren();
    return;
  }
  none.hidden = answer.signins.length > 0;
  list.replaceChildren(
    ...answer.signins.map((signin) => {
      const item = document.createElement('li');
      const label = document.createElement('span');
      label.textContent = `${signin.handle} — ${signin.origin} (saved ${new Date(signin.savedAt).toLocaleString()}) `;
      const forget = iconButton(Trash, 'Forget');
      forget.setAttribute('aria-label', `Forget sign-in ${signin.handle}`);
      forget.addEventListener('click', () => {
        forget.disabled = true;
        void ask({ type: 'vmark.signins.forget', handle: signin.handle }).then(showSavedSignins);
      });
      item.append(label, forget);
      return item;
    }),
  );
}
