// Device buttons (Power, Volume ±, Rotate, the shade and quick settings) and the device clipboard both ways:
// copy from the device (COPY pressed in the focused field, then its clipboard read) and send text to it,
// optionally pasting it into the focused field (SET_CLIPBOARD with paste). A button, COPY and a paste are input:
// canonical calls (tactile.button, tactile.key, tactile.paste) sent by the one send path, with a receipt, recorded
// while recording, and "+ Step" adds them. Typing on the mirror itself works while the Control tool has focus
// (features/typing).
import { useState } from 'react';
import { buttonCall, operatorCall, type DeviceButton as Button } from '../../../shared/actions';
import { succeeded, type Receipt } from '../../../shared/receipts';
import { api, errorText } from '../../app/api';
import { useStore } from '../../app/store';
import { queueAction } from '../manual-control/input-queue';

/** The receipt in a few words, for the tab's status line (the receipts panel has the rest). */
const outcomeText = (r: Receipt | null) =>
  r === null
    ? 'not sent (see the status line)'
    : succeeded(r)
      ? `${r.status}${r.dispatch ? ` over ${r.dispatch.backend}` : ''}`
      : `${r.status} ${r.code ?? ''}: ${r.message ?? ''}`;

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
  };
  const press = (b: Button, label: string) => run(label, async () => outcomeText(await queueAction(buttonCall(b))));
  const copy = () =>
    run('Copy from device', async () => {
      const pressed = await queueAction(operatorCall({ kind: 'copy' }));
      if (pressed === null || !succeeded(pressed)) return `COPY ${outcomeText(pressed)}`;
      const got = await api().request('clipboard.get', { serial: serial!, copy: false });
      setText(got.text);
      // The computer's clipboard too, when the page may write it.
      await navigator.clipboard?.writeText(got.text).catch(() => undefined);
      return got.text === '' ? 'the device clipboard is empty' : `${got.text.length} characters`;
    });
  const sendText = () =>
    run('Send to device clipboard', async () => {
      await api().request('clipboard.set', { serial: serial!, text, paste: false });
      return 'done';
    });
  const paste = () =>
    run('Paste into device', async () => outcomeText(await queueAction(operatorCall({ kind: 'paste', text }))));
  return (
    <div className="operator-tab keys-tab">
      <div className="button-grid">
        {BUTTONS.map(({ button, label, title }) => (
          <button
            key={button}
            className="btn"
            data-testid={`button-${button}`}
            title={title}
            disabled={!serial}
            onClick={() => void press(button, label)}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="operator-section-title">Clipboard</div>
      <textarea
        className="input clipboard-text"
        data-testid="clipboard-text"
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder="Text for the device clipboard; what you copy from the device shows here"
        aria-label="Clipboard text"
      />
      <div className="button-row">
        <button
          className="btn"
          data-testid="clipboard-copy"
          disabled={!serial}
          onClick={() => void copy()}
          title="Copy the focused field's selection on the device"
        >
          Copy from device
        </button>
        <button className="btn" data-testid="clipboard-send" disabled={!serial} onClick={() => void sendText()}>
          Send
        </button>
        <button
          className="btn"
          data-testid="clipboard-paste"
          disabled={!serial || text === ''}
          onClick={() => void paste()}
        >
          Paste into device
        </button>
      </div>
      <div className="operator-hint">
        Typing: pick the Control tool (C), tap a text field on the mirror, then type; Ctrl+V pastes this computer’s
        clipboard.
      </div>
      {status && (
        <div className="operator-status" data-testid="keys-status" role="status">
          {status}
        </div>
      )}
    </div>
  );
}
