import { readSettings, writeSettings, type Posture } from '../browser/settings';

/** The person's switches for AI browser tabs; the extension reacts to the stored change. */
export async function bindBrowserSettings(): Promise<void> {
  const enabled = document.getElementById('browser-enabled') as HTMLInputElement;
  const loopback = document.getElementById('browser-loopback') as HTMLInputElement;
  const postures = Array.from(document.querySelectorAll<HTMLInputElement>('input[name="posture"]'));
  const settings = await readSettings();
  enabled.checked = settings.enabled;
  loopback.checked = settings.allowLoopback;
  for (const radio of postures) radio.checked = radio.value === settings.posture;
  enabled.addEventListener('change', () => void writeSettings({ enabled: enabled.checked }));
  loopback.addEventListener('change', () => void writeSettings({ allowLoopback: loopback.checked }));
  for (const radio of postures) {
    radio.addEventListener('change', () => {
      if (radio.checked) void writeSettings({ posture: radio.value as Posture });
    });
  }
}
