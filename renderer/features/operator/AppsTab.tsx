// Apps: install an APK (picked, or dropped here or on the mirror) with a progress bar — push, then pm install —
// and failures explained in words; the installed apps (label, package, version, system/user) with launch,
// stop, clear data and uninstall; the destructive two ask first. Each action is a canonical call (manage_app,
// reset_app_data, tactile.uninstall_app) sent by the one send path: a receipt, recorded, "+ Step" adds it.
import { useEffect, useState } from 'react';
import { appActionCall, type OperatorAppAction as Action } from '../../../shared/actions';
import type { AppRow } from '../../../shared/ipc';
import { succeeded } from '../../../shared/receipts';
import { useStore } from '../../app/store';
import { queueAction } from '../manual-control/input-queue';
import { installApks, useAppsStore } from './apps-store';
import { TransferList } from './TransferList';

const DESTRUCTIVE: Record<string, string> = { clear: 'Clear all data of', uninstall: 'Uninstall' };

export function AppsTab() {
  const serial = useStore((s) => s.selectedSerial);
  const { apps, status, refresh } = useAppsStore();
  const [showSystem, setShowSystem] = useState(false);
  const [confirm, setConfirm] = useState<{ app: AppRow; action: Action } | null>(null);
  useEffect(() => {
    if (serial) void refresh(serial);
  }, [serial, refresh]);
  const act = async (app: AppRow, action: Action) => {
    setConfirm(null);
    const r = await queueAction(appActionCall(app.package, action));
    const status =
      r === null
        ? 'not sent (see the status line)'
        : succeeded(r)
          ? 'done'
          : `failed: ${r.code ?? r.status}${r.message ? ` — ${r.message}` : ''}`;
    useAppsStore.setState({ status: `${action} ${app.label}: ${status}` });
    await refresh(serial!);
  };
  const shown = apps.filter((a) => showSystem || !a.system);
  return (
    <div
      className="operator-tab apps-tab"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        if (serial) void installApks(serial, [...e.dataTransfer.files]);
      }}
    >
      <label className="drop-zone" data-testid="apps-drop">
        Drop an APK here or on the mirror, or <span className="link">pick one</span>
        <input
          type="file"
          accept=".apk,application/vnd.android.package-archive"
          multiple
          hidden
          data-testid="apps-install-input"
          disabled={!serial}
          onChange={(e) => {
            if (serial && e.target.files) void installApks(serial, [...e.target.files]);
            e.target.value = '';
          }}
        />
      </label>
      <TransferList direction="install" />
      <div className="button-row">
        <button
          className="btn btn-small"
          data-testid="apps-refresh"
          disabled={!serial}
          onClick={() => serial && void refresh(serial)}
        >
          Refresh
        </button>
        <label className="check">
          <input
            type="checkbox"
            checked={showSystem}
            onChange={(e) => setShowSystem(e.target.checked)}
            data-testid="apps-show-system"
          />{' '}
          system apps
        </label>
      </div>
      {status && (
        <div className="operator-status" data-testid="apps-status" role="status">
          {status}
        </div>
      )}
      <ul className="app-list" data-testid="app-list">
        {shown.map((a) => (
          <li key={a.package} className="app-row" data-testid="app-row" data-package={a.package}>
            <div className="app-line">
              <span className="app-label">{a.label}</span>
              <span className="tag">{a.system ? 'system' : 'user'}</span>
            </div>
            <div className="app-meta mono">
              {a.package} · {a.version_name ?? '?'} ({a.version_code ?? '?'})
            </div>
            {confirm?.app.package === a.package ? (
              <div className="confirm-line" role="alertdialog">
                {DESTRUCTIVE[confirm.action]} {a.label}?
                <button
                  className="btn btn-small danger"
                  data-testid="confirm-yes"
                  onClick={() => void act(a, confirm.action)}
                >
                  Yes
                </button>
                <button className="btn btn-small" data-testid="confirm-no" onClick={() => setConfirm(null)}>
                  No
                </button>
              </div>
            ) : (
              <div className="app-actions">
                {(['launch', 'stop', 'clear', 'uninstall'] as const).map((action) => (
                  <button
                    key={action}
                    className="btn btn-small"
                    data-testid={`app-${action}`}
                    disabled={action === 'uninstall' && a.system}
                    onClick={() => (DESTRUCTIVE[action] ? setConfirm({ app: a, action }) : void act(a, action))}
                  >
                    {action === 'clear' ? 'clear data' : action}
                  </button>
                ))}
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
