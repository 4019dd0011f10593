// Pure parsers for the shell outputs that describe a device's display (no I/O: device-info.ts runs the commands).
import type { Rotation, ScreenSize } from '../../shared/observation';
import { DeviceLayerError } from './errors';

export interface WmSize {
  physical: ScreenSize;
  /** Set by `wm size WxH`; what apps and input actually use. */
  override: ScreenSize | null;
}

export interface WmDensity {
  physical: number;
  override: number | null;
}

function unreadable(what: string, output: string): DeviceLayerError {
  return new DeviceLayerError('READ_FAILED', `cannot read ${what} from ${JSON.stringify(output.trim().slice(0, 200))}`);
}

/** `wm size`: "Physical size: 1080x2400" and, when overridden, "Override size: 720x1600". */
export function parseWmSize(output: string): WmSize {
  const size = (label: string) => {
    const m = new RegExp(`${label} size:\\s*(\\d+)x(\\d+)`).exec(output);
    return m ? { width: Number(m[1]), height: Number(m[2]) } : null;
  };
  const physical = size('Physical');
  if (physical === null) throw unreadable('the screen size (`wm size`)', output);
  return { physical, override: size('Override') };
}

/** `wm density`: "Physical density: 420" and, when overridden, "Override density: 320". */
export function parseWmDensity(output: string): WmDensity {
  const density = (label: string) => {
    const m = new RegExp(`${label} density:\\s*(\\d+)`).exec(output);
    return m ? Number(m[1]) : null;
  };
  const physical = density('Physical');
  if (physical === null) throw unreadable('the density (`wm density`)', output);
  return { physical, override: density('Override') };
}

const ROTATION_PATTERNS = [
  // DisplayRotation's own line (dumpsys window, Android 10+; older display content too). Anchored at the line's
  // start: a configuration's `winConfig={… mRotation=ROTATION_90}` mid-line may belong to a task, not the display.
  /^\s*mRotation=(?:ROTATION_)?(\d+)/m,
  /\bmCurrentRotation=(?:ROTATION_)?(\d+)/, //    dumpsys window display content on some builds
  /\bSurfaceOrientation:\s*(\d)/, //             dumpsys input, Android ≤ 12
  /\bViewport INTERNAL:.*?\borientation=(\d)/, // dumpsys input, Android 13+
];

/**
 * DisplayRotation.dump nests the WindowOrientationListener, whose `mCurrentRotation` is the accelerometer's last
 * reading, not the display's: a phone locked to landscape while held upright prints ROTATION_0 there.
 */
const ORIENTATION_LISTENER = /^([ \t]*)WindowOrientationListener\r?\n(?:\1[ \t]+.*(?:\r?\n|$))*/gm;

function toRotation(value: number): Rotation | null {
  // Some dumps print degrees (ROTATION_90), others quarter turns (1).
  const quarter = value >= 4 ? value / 90 : value;
  return quarter === 0 || quarter === 1 || quarter === 2 || quarter === 3 ? quarter : null;
}

/** Rotation in quarter turns from `dumpsys window` or `dumpsys input`; null when neither format is present. */
export function parseRotation(output: string): Rotation | null {
  const text = output.replace(ORIENTATION_LISTENER, '');
  for (const pattern of ROTATION_PATTERNS) {
    const m = pattern.exec(text);
    if (m) return toRotation(Number(m[1]));
  }
  return null;
}

/** The size apps see: the override when set, and width/height swapped when the display is turned a quarter. */
export function displaySize(size: WmSize, rotation: Rotation): ScreenSize {
  const base = size.override ?? size.physical;
  return rotation % 2 === 1 ? { width: base.height, height: base.width } : { width: base.width, height: base.height };
}
