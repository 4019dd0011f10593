// Stream settings per device, kept in the renderer's localStorage (the console's own preferences, as the panel
// layout is): the stream's size (the stage's size, the full size, or a fixed longest side as `scrcpy -m`), its
// bit rate and frame-rate cap, and "screen off while mirroring". The mirror applies a change by restarting the
// stream (screen off goes to the running session as a control message instead).
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export interface StreamSettings {
  /** 'stage': the size the stage shows (renegotiated when it changes); 0: the device's size; else scrcpy's max_size. */
  maxSize: 'stage' | number;
  /** scrcpy video_bit_rate (bits per second). */
  bitRate: number;
  /** scrcpy max_fps; 0 = no cap. */
  maxFps: number;
  screenOff: boolean;
}

/** scrcpy's own defaults (8 Mbps, no frame-rate cap), the stream sized for the stage. */
export const DEFAULT_STREAM_SETTINGS: StreamSettings = {
  maxSize: 'stage',
  bitRate: 8_000_000,
  maxFps: 0,
  screenOff: false,
};

interface StreamSettingsState {
  bySerial: Record<string, StreamSettings>;
  set(serial: string, change: Partial<StreamSettings>): void;
}

export const useStreamSettingsStore = create<StreamSettingsState>()(
  persist(
    (set) => ({
      bySerial: {},
      set: (serial, change) =>
        set((s) => ({
          bySerial: { ...s.bySerial, [serial]: { ...DEFAULT_STREAM_SETTINGS, ...s.bySerial[serial], ...change } },
        })),
    }),
    {
      name: 'tactile.stream-settings',
      storage: createJSONStorage(() => localStorage),
      partialize: (s) => ({ bySerial: s.bySerial }),
    },
  ),
);

export function streamSettingsOf(serial: string | null): StreamSettings {
  return (serial !== null && useStreamSettingsStore.getState().bySerial[serial]) || DEFAULT_STREAM_SETTINGS;
}

export function useStreamSettings(serial: string | null): StreamSettings {
  return useStreamSettingsStore((s) => (serial !== null && s.bySerial[serial]) || DEFAULT_STREAM_SETTINGS);
}
