import { useState } from 'react';
import { loadCjkSettings, loadSettings, saveCjkSettings, saveSettings, type Settings } from '../state/settings';

const humanize = (key: string) => key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase());

/** Settings: Integrations, editing, and the CJK rules that document.transform cjk-format applies. */
export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const [settings, setSettings] = useState<Settings>(loadSettings);
  const [cjk, setCjk] = useState(loadCjkSettings);
  const update = (change: Partial<Settings>) => {
    const next = { ...settings, ...change };
    setSettings(next);
    saveSettings(next);
  };
  return (
    <div className="modal-backdrop" onClick={(e) => e.target === e.currentTarget && onClose()} onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <div role="dialog" aria-modal="true" aria-labelledby="settings-title" className="modal settings">
        <h2 id="settings-title">Settings</h2>
        <fieldset>
          <legend>Integrations</legend>
          <label>
            <input type="checkbox" checked={settings.autoApproveNewLocation} onChange={(e) => update({ autoApproveNewLocation: e.target.checked })} />
            Auto-approve save to new location and Genie results
          </label>
        </fieldset>
        <fieldset>
          <legend>Editing</legend>
          <label>
            <input type="checkbox" checked={settings.autosave} onChange={(e) => update({ autosave: e.target.checked })} />
            Autosave
          </label>
        </fieldset>
        <fieldset>
          <legend>Rendering</legend>
          <label>
            <input type="checkbox" checked={settings.remoteImages} onChange={(e) => update({ remoteImages: e.target.checked })} />
            Load remote images (the sites that host them see that you opened the document)
          </label>
        </fieldset>
        <fieldset className="cjk-settings">
          <legend>CJK formatting (document.transform cjk-format)</legend>
          {Object.entries(cjk)
            .filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean')
            .map(([key, value]) => (
              <label key={key}>
                <input
                  type="checkbox"
                  checked={value}
                  onChange={(e) => {
                    const next = { ...cjk, [key]: e.target.checked };
                    setCjk(next);
                    saveCjkSettings(next);
                  }}
                />
                {humanize(key)}
              </label>
            ))}
        </fieldset>
        <div className="modal-actions">
          <button className="primary" onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    </div>
  );
}
