// Reads that span slices: features ask these instead of reaching into another feature's state shape.
import type { ScreenSize } from '../../shared/geometry';
import type { AppState } from './store';

/** The selected device's screen in pixels: the latest observation's, else the device info's. */
export function currentScreen(s: AppState): ScreenSize | null {
  return s.observation?.screen ?? s.deviceInfo?.screen ?? null;
}

/** The selected device's capabilities (prepareCall's input), null until the device answered. */
export function currentCapabilities(s: AppState): readonly string[] | null {
  return s.capabilities?.capabilities ?? null;
}
