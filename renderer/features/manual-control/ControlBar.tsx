// Keys and text for the selected device, plus the status line of the last action, in the title bar. Keyboard shortcuts: Alt+← Back,
// Alt+H Home, Alt+R Recents, Alt+Enter Enter and F5 (observe again) work anywhere. I, C and Esc are the tools'
// (tools/use-tool-keys.ts), 0, 1 and F the stage's (stage/use-stage-keys.ts), Esc also Stop's (cancel/StopButton).
import { useEffect, useState, type FormEvent } from 'react';
import type { DeviceKey } from '../../../shared/actions';
import { useStore } from '../../app/store';
import { AddToDocument } from '../../document/AddToDocument';
import { RecordButton } from '../recorder/RecordButton';
import { StopButton } from '../cancel/StopButton';
import { refreshObservation } from '../node-tree/observe';
import { keyEnvelope, textEnvelope } from './envelopes';
import { sendAction } from './send-action';

// The glyph stands in for the word on a narrow window (styles.css), as on Android's navigation bar.
const KEYS: Array<{ key: DeviceKey; label: string; glyph: string; shortcut: string }> = [
  { key: 'back', label: 'Back', glyph: '◁', shortcut: 'Alt+←' },
  { key: 'home', label: 'Home', glyph: '○', shortcut: 'Alt+H' },
  { key: 'app_switch', label: 'Recents', glyph: '□', shortcut: 'Alt+R' },
  { key: 'enter', label: 'Enter', glyph: '↵', shortcut: 'Alt+Enter' },
];

export function shortcutKey(e: { altKey: boolean; ctrlKey: boolean; metaKey: boolean; key: string }): DeviceKey | null {
  if (!e.altKey || e.ctrlKey || e.metaKey) return null;
  switch (e.key) {
    case 'ArrowLeft':
      return 'back';
    case 'h':
    case 'H':
      return 'home';
    case 'r':
    case 'R':
      return 'app_switch';
    case 'Enter':
      return 'enter';
    default:
      return null;
  }
}

export function useShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const key = shortcutKey(e);
      if (key) {
        e.preventDefault();
        void sendAction(keyEnvelope(key));
        return;
      }
      if (e.key === 'F5') {
        e.preventDefault();
        void refreshObservation();
        return;
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

export function ControlBar() {
  const [text, setText] = useState('');
  const inFlight = useStore((s) => s.inFlight);
  const message = useStore((s) => s.controlMessage);
  const tools = useStore((s) => s.capabilities?.tools ?? null);
  const serial = useStore((s) => s.selectedSerial);
  const offered = (tool: string) => serial !== null && (tools === null || tools.includes(tool));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text === '') return;
    void sendAction(textEnvelope(text)).then(() => setText(''));
  };
  return (
    <div className="control-bar">
      {KEYS.map(({ key, label, glyph, shortcut }) => (
        <button
          key={key}
          className="btn key-btn"
          disabled={!offered('press_key')}
          onClick={() => void sendAction(keyEnvelope(key))}
          title={`${label} (${shortcut})`}
          aria-label={label}
          data-testid={`key-${key}`}
        >
          <span className="key-glyph" aria-hidden>
            {glyph}
          </span>
          <span className="key-label">{label}</span>
        </button>
      ))}
      <StopButton />
      <form className="text-form" onSubmit={submit}>
        <input
          className="input"
          placeholder="Type text into the focused field…"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-label="Text to type"
          disabled={!offered('input_text')}
        />
        <button className="btn" type="submit" disabled={!offered('input_text') || text === ''}>
          Type
        </button>
      </form>
      <AddToDocument />
      <RecordButton />
      <div className={`control-status ${message?.kind ?? ''}`} data-testid="control-status" role="status">
        {inFlight > 0 && <span className="spinner" />}
        {message?.text ?? 'Ready'}
      </div>
    </div>
  );
}
