// The device list: every device adb reports, with state, model, SDK, input backend and lock holder;
// connect another by host:port (with progress), and remove a network device adb left offline.
import { useState, type FormEvent } from 'react';
import type { DeviceRow } from '../../../shared/ipc';
import { useStore } from '../../app/store';
import { GroupBar, GroupCheck } from '../group/GroupBar';
import { connectDevice, disconnectDevice, isNetworkSerial, selectDevice } from './device-actions';
import { HelperNotices } from './HelperNotices';
import { PairForm } from './PairForm';

function lockText(row: DeviceRow): string {
  const h = row.lock.holder;
  if (row.lock.state === 'free' || !h) return 'free';
  return `${row.lock.state} · ${h.owner.client} pid ${h.owner.pid}`;
}

function Row({ row, selected }: { row: DeviceRow; selected: boolean }) {
  const online = row.state === 'device';
  return (
    <li
      className={`device-row${selected ? ' selected' : ''}${online ? '' : ' offline'}`}
      data-testid="device-row"
      data-serial={row.serial}
      onClick={() => online && void selectDevice(row.serial)}
      title={online ? `Select ${row.serial}` : `${row.serial} is ${row.state}`}
    >
      <div className="device-line">
        <GroupCheck serial={row.serial} online={online} />
        <span className={`state-dot state-${online ? 'online' : 'offline'}`} />
        <span className="device-model">{row.model ?? row.serial}</span>
        {row.embedded && <span className="tag">virtual</span>}
        {online && !row.embedded && isNetworkSerial(row.serial) && (
          <button
            className="btn btn-small"
            data-testid="device-disconnect"
            title={`Disconnect ${row.serial} (adb disconnect); it is not reconnected automatically`}
            onClick={(e) => {
              e.stopPropagation();
              void disconnectDevice(row.serial);
            }}
          >
            Disconnect
          </button>
        )}
        {!online && !row.embedded && isNetworkSerial(row.serial) && (
          <button
            className="btn btn-small"
            data-testid="device-remove"
            title={`Disconnect ${row.serial} (adb disconnect)`}
            onClick={(e) => {
              e.stopPropagation();
              void disconnectDevice(row.serial);
            }}
          >
            Remove
          </button>
        )}
      </div>
      <div className="device-meta mono" title={`${row.serial} on the adb server at ${row.server}`}>
        {row.serial} · adb <span data-testid="device-server">{row.server}</span>
      </div>
      <dl className="device-facts">
        <dt>state</dt>
        <dd>{row.state}</dd>
        <dt>SDK</dt>
        <dd>{row.sdk ?? '—'}</dd>
        <dt>backend</dt>
        <dd>{row.backend ?? '—'}</dd>
        <dt>lock</dt>
        <dd className={row.lock.state === 'free' ? '' : 'warn'}>{lockText(row)}</dd>
      </dl>
      {selected && <SelectedNotices serial={row.serial} />}
    </li>
  );
}

function SelectedNotices({ serial }: { serial: string }) {
  const capabilities = useStore((s) => s.capabilities);
  return capabilities?.serial === serial ? <HelperNotices notices={capabilities.notices ?? []} /> : null;
}

export function DeviceList() {
  const devices = useStore((s) => s.devices);
  const selected = useStore((s) => s.selectedSerial);
  const error = useStore((s) => s.devicesError);
  const connecting = useStore((s) => s.connecting);
  const [target, setTarget] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (target.trim() && !connecting) void connectDevice(target.trim());
  };
  return (
    <section className="panel devices-panel">
      <header className="panel-title">
        Devices <span className="count">{devices.length}</span>
      </header>
      <ul className="device-list">
        {devices.map((row) => (
          <Row key={row.serial} row={row} selected={row.serial === selected} />
        ))}
        {devices.length === 0 && <li className="empty">No devices. Attach a phone or connect one below.</li>}
      </ul>
      <GroupBar />
      <form className="connect-form" onSubmit={submit}>
        <input
          className="input mono"
          placeholder="host:port"
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          aria-label="Device address"
        />
        <button
          className="btn"
          type="submit"
          data-testid="connect"
          disabled={connecting !== null}
          aria-busy={connecting !== null}
        >
          {connecting !== null ? (
            <>
              <span className="spinner" />
              Connecting…
            </>
          ) : (
            'Connect'
          )}
        </button>
      </form>
      <PairForm />
      {error && (
        <div className="error-line" role="alert">
          {error}
        </div>
      )}
    </section>
  );
}
