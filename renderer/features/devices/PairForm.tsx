// Wi-Fi pairing (Android 11+ Wireless debugging → "Pair device with pairing code"): the pairing host:port and
// the 6-digit code run `adb pair`; then Connect to the device's own debugging host:port.
import { useState, type FormEvent } from 'react';
import { api, errorText } from '../../app/api';

export function PairForm() {
  const [target, setTarget] = useState('');
  const [code, setCode] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const r = await api().request('devices.pair', { target: target.trim(), code: code.trim() });
      setStatus(
        r.paired ? `Paired. Now connect to the device’s debugging address. (${r.message})` : `Not paired: ${r.message}`,
      );
    } catch (error) {
      setStatus(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <details className="pair-form">
      <summary data-testid="pair-open">Pair over Wi-Fi…</summary>
      <form className="connect-form" onSubmit={(e) => void submit(e)}>
        <input
          className="input mono"
          placeholder="pairing host:port"
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          aria-label="Pairing address"
          data-testid="pair-target"
        />
        <input
          className="input mono pair-code"
          placeholder="code"
          inputMode="numeric"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          aria-label="Pairing code"
          data-testid="pair-code"
        />
        <button
          className="btn"
          type="submit"
          data-testid="pair-submit"
          disabled={busy || target === '' || code.length !== 6}
        >
          Pair
        </button>
      </form>
      {status && (
        <div className="device-meta" data-testid="pair-status" role="status">
          {status}
        </div>
      )}
    </details>
  );
}
