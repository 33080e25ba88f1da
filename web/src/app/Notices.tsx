import { useModel, useServices } from './services';

/** What the person should know about, e.g. an AI request that waits for their permission. */
export function Notices() {
  const { store } = useServices();
  const { notices } = useModel();
  if (notices.length === 0) return null;
  return (
    <div className="notices">
      {notices.map((notice) => (
        <div key={notice.id} role="alert" className="notice">
          <span>{notice.text}</span>
          <button aria-label="Dismiss" onClick={() => store.dismiss(notice.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
