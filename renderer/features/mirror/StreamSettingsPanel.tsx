// The device's stream settings (stream-settings.ts), in the stage's bottom-left corner over the dot grid: the
// stream's size, bit rate and frame-rate cap (applied by restarting the stream) and "screen off while
// mirroring" (scrcpy's SET_DISPLAY_POWER, sent to the running session at once).
import { api, errorText } from '../../app/api';
import { useStreamSettings, useStreamSettingsStore } from './stream-settings';
import { useState } from 'react';

const SIZES: Array<{ value: string; label: string }> = [
  { value: 'stage', label: 'Stage size' },
  { value: '0', label: 'Full size' },
  { value: '1920', label: '1920' },
  { value: '1280', label: '1280' },
  { value: '1024', label: '1024' },
  { value: '800', label: '800' },
];
const BIT_RATES = [2, 4, 8, 16, 24];
const FPS = [0, 60, 30, 15];

/** `left`: where the stage's left rail ends, so the panel sits beside it over the picture's margin. */
export function StreamSettingsPanel({ serial, left, onClose }: { serial: string; left: number; onClose: () => void }) {
  const settings = useStreamSettings(serial);
  const set = (change: Parameters<ReturnType<typeof useStreamSettingsStore.getState>['set']>[1]) =>
    useStreamSettingsStore.getState().set(serial, change);
  const [error, setError] = useState<string | null>(null);
  const screenOff = (off: boolean) => {
    set({ screenOff: off });
    setError(null);
    api()
      .request('mirror.screen-off', { serial, off })
      .catch((e: unknown) => setError(errorText(e)));
  };
  return (
    <div
      className="stream-settings"
      data-testid="stream-settings"
      style={{ left }}
      onPointerDown={(e) => e.stopPropagation()}
    >
      <div className="stream-settings-head">
        <b>Stream</b>
        <button className="btn" onClick={onClose} title="Close">
          ×
        </button>
      </div>
      <label>
        Size
        <select
          data-testid="stream-max-size"
          value={String(settings.maxSize)}
          onChange={(e) => set({ maxSize: e.target.value === 'stage' ? 'stage' : Number(e.target.value) })}
        >
          {SIZES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </label>
      <label>
        Bit rate
        <select
          data-testid="stream-bit-rate"
          value={settings.bitRate}
          onChange={(e) => set({ bitRate: Number(e.target.value) })}
        >
          {BIT_RATES.map((m) => (
            <option key={m} value={m * 1_000_000}>
              {m} Mbps
            </option>
          ))}
        </select>
      </label>
      <label>
        Max fps
        <select
          data-testid="stream-max-fps"
          value={settings.maxFps}
          onChange={(e) => set({ maxFps: Number(e.target.value) })}
        >
          {FPS.map((f) => (
            <option key={f} value={f}>
              {f === 0 ? 'No cap' : f}
            </option>
          ))}
        </select>
      </label>
      <label className="check">
        <input
          type="checkbox"
          data-testid="mirror-screen-off"
          checked={settings.screenOff}
          onChange={(e) => screenOff(e.target.checked)}
        />
        Screen off while mirroring
      </label>
      {error && <div className="error-inline">{error}</div>}
    </div>
  );
}
