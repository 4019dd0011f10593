// Device buttons (Power, Volume ±, Rotate, the shade and quick settings) and the device clipboard both ways:
// copy from the device (scrcpy GET_CLIPBOARD after COPY: the focused field's selection) and send text to it,
// optionally pasting it into the focused field (SET_CLIPBOARD with paste). Typing on the mirror itself works
// while the Control tool has focus (features/typing).
import { useState } from 'react';
import type { DEVICE_BUTTONS } from '../../../shared/ipc';
import { api, errorText } from '../../app/api';
import { useStore } from '../../app/store';
import { observeWhenSettled } from '../node-tree/observe';

type Button = (typeof DEVICE_BUTTONS)[number];
const BUTTONS: Array<{ button: Button; label: string; title: string }> = [
  { button: 'power', label: 'Power', title: 'Power key: screen off / on' },
  { button: 'volume_down', label: 'Vol −', title: 'Volume down' },
  { button: 'volume_up', label: 'Vol +', title: 'Volume up' },
  { button: 'rotate', label: 'Rotate', title: 'Rotate the device (portrait ↔ landscape)' },
  { button: 'notifications', label: 'Notifications', title: 'Expand the notification shade' },
  { button: 'quick_settings', label: 'Quick settings', title: 'Expand quick settings' },
  { button: 'collapse_panels', label: 'Close panels', title: 'Collapse the shade' },
];

export function KeysTab() {
  const serial = useStore((s) => s.selectedSerial);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<string | null>(null);
  const run = async (what: string, work: () => Promise<string>) => {
    try {
      setStatus(`${what}: ${await work()}`);
    } catch (error) {
      setStatus(`${what} failed: ${errorText(error)}`);
    }
    await observeWhenSettled();
  };
  const press = (b: Button, label: string) => run(label, async () => `sent over ${(await api().request('device.button', { serial: serial!, button: b })).via}`);
  const copy = () => run('Copy from device', async () => {
    const got = await api().request('clipboard.get', { serial: serial!, copy: true });
    setText(got.text);
    // The computer's clipboard too, when the page may write it.
    await navigator.clipboard?.writeText(got.text).catch(() => undefined);
    return got.text === '' ? 'the device clipboard is empty' : `${got.text.length} characters`;
  });
  const send = (paste: boolean) => run(paste ? 'Paste into device' : 'Send to device clipboard', async () => {
    await api().request('clipboard.set', { serial: serial!, text, paste });
    return 'done';
  });
  return (
    <div className="operator-tab keys-tab">
      <div className="button-grid">
        {BUTTONS.map(({ button, label, title }) => (
          <button key={button} className="btn" data-testid={`button-${button}`} title={title} disabled={!serial} onClick={() => void press(button, label)}>{label}</button>
        ))}
      </div>
      <div className="operator-section-title">Clipboard</div>
      <textarea className="input clipboard-text" data-testid="clipboard-text" rows={3} value={text} onChange={(e) => setText(e.target.value)}
        placeholder="Text for the device clipboard; what you copy from the device shows here" aria-label="Clipboard text" />
      <div className="button-row">
        <button className="btn" data-testid="clipboard-copy" disabled={!serial} onClick={() => void copy()} title="Copy the focused field's selection on the device">Copy from device</button>
        <button className="btn" data-testid="clipboard-send" disabled={!serial} onClick={() => void send(false)}>Send</button>
        <button className="btn" data-testid="clipboard-paste" disabled={!serial || text === ''} onClick={() => void send(true)}>Paste into device</button>
      </div>
      <div className="operator-hint">Typing: pick the Control tool (C), tap a text field on the mirror, then type; Ctrl+V pastes this computer’s clipboard.</div>
      {status && <div className="operator-status" data-testid="keys-status" role="status">{status}</div>}
    </div>
  );
}
