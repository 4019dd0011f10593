// The selected device's helper notices, in words (main writes them: electron/helper/helper-notices.ts):
// injection refused and the vendor setting to enable, why the helper is not running, and on API 21–23 that
// other accessibility services are suspended while it runs.
import type { HelperNotice } from '../../../shared/ipc';

export function HelperNotices({ notices }: { notices: readonly HelperNotice[] }) {
  if (notices.length === 0) return null;
  return (
    <ul className="helper-notices">
      {notices.map((n) => (
        <li
          key={n.kind}
          className={`helper-notice helper-notice-${n.severity}`}
          data-testid="helper-notice"
          data-kind={n.kind}
          role={n.severity === 'error' ? 'alert' : 'status'}
        >
          <strong>{n.title}</strong>
          <p>{n.text}</p>
        </li>
      ))}
    </ul>
  );
}
