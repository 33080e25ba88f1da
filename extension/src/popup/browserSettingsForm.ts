import { Settings } from 'lucide';
import { iconButton } from '../browser/ui/icon';
import { readSettings, settingsWriter, type Posture } from '../browser/settings';

/**
 * Whether the Sandbox has a cookie store of its own: that needs "Allow in Incognito", which only
 * the person can switch on (chrome://extensions); without it Sandbox tabs go cookie-less.
 */
async function showSandboxStore(): Promise<void> {
  const line = document.getElementById('sandbox-store') as HTMLParagraphElement;
  if (await chrome.extension.isAllowedIncognitoAccess()) {
    line.textContent = 'Sandbox tabs open in an incognito window: their cookies are kept apart from yours and are gone when it closes.';
    return;
  }
  line.textContent = 'Sandbox tabs send and keep no cookies, so a sign-in there does not stick. For a cookie store of their own, allow VMark in Incognito. ';
  const open = iconButton(Settings, 'Open VMark\'s extension settings');
  open.addEventListener('click', () => void chrome.tabs.create({ url: `chrome://extensions/?id=${chrome.runtime.id}` }));
  line.append(open);
}

/** The person's switches for AI browser tabs; the extension reacts to the stored change. */
export async function bindBrowserSettings(): Promise<void> {
  const enabled = document.getElementById('browser-enabled') as HTMLInputElement;
  const loopback = document.getElementById('browser-loopback') as HTMLInputElement;
  const trustedInput = document.getElementById('browser-trusted-input') as HTMLInputElement;
  const postures = Array.from(document.querySelectorAll<HTMLInputElement>('input[name="posture"]'));
  void showSandboxStore();
  const settings = await readSettings();
  const write = settingsWriter(settings);
  enabled.checked = settings.enabled;
  loopback.checked = settings.allowLoopback;
  trustedInput.checked = settings.trustedInput;
  for (const radio of postures) radio.checked = radio.value === settings.posture;
  enabled.addEventListener('change', () => write({ enabled: enabled.checked }));
  loopback.addEventListener('change', () => write({ allowLoopback: loopback.checked }));
  trustedInput.addEventListener('change', () => write({ trustedInput: trustedInput.checked }));
  for (const radio of postures) {
    radio.addEventListener('change', () => {
      if (radio.checked) write({ posture: radio.value as Posture });
    });
  }
}
