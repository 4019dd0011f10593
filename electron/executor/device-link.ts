// Everything the executor needs from one device, behind one interface (tests fake it): the live screen,
// the input backend chosen for this operation, the helper's native channel when there is one, the shell,
// and the read-only observations.
import type { ScreenSize } from '../../shared/geometry';
import type { ObservedNode } from '../../shared/observation';
import type { HelperChannel } from '../helper/helper-channel';
import type { InputBackend } from '../input/input-backend';
import type { LiveInput } from '../input/live-input';
import type { ControlChannel } from '../scrcpy/control-channel';

/** What tools send over the live mirror's scrcpy control socket: keys with meta state, text, paste, panels, rotation. */
export type MirrorControl = Pick<ControlChannel, 'key' | 'text' | 'setClipboard' | 'panel' | 'rotateDevice'>;

export interface UiObservation {
  screen: ScreenSize;
  nodes: ObservedNode[];
}

export interface DeviceLink {
  readonly serial: string;
  /** The display size apps see now (rotation applied). */
  screen(): Promise<ScreenSize>;
  /** The helper channel, or null when the helper cannot run here (then only shell input is available). */
  native(): Promise<HelperChannel | null>;
  /** Helper input when the helper is live, else `adb shell input`. Chosen once per operation, never switched mid-way. */
  input(): Promise<InputBackend>;
  /** One `adb shell` command line; rejects with a DEVICE_LOST/TIMEOUT-coded error when the device fails. */
  shell(command: string): Promise<string>;
  /** uiautomator observation (works without the helper). */
  observe(): Promise<UiObservation>;
  screenshot(): Promise<{ png: Buffer; width: number; height: number }>;
  /** Why the helper is not live (null when it is) and what its install step did (null when none ran). */
  helperState(): Promise<{ problem: string | null; install: string | null }>;
  /** The devices the adb server(s) behind this link list (seed 004 list_devices / healthcheck). */
  devices?(): Promise<Array<{ serial: string; state: string; server: string }>>;
  /**
   * The backend for a live contact (the Control tool's finger): the mirror's control socket, else the helper's
   * touch stream; null when neither runs (the console then replays the gesture through run()).
   */
  liveInput?(): Promise<LiveInput | null>;
  /**
   * The console's live mirror's control socket, or null (no mirror; links of the CLI and agents have none): keys
   * and text go there as scrcpy sends them, so the app sees the operator's key events with their modifiers.
   */
  mirrorControl?(): MirrorControl | null;
  /**
   * Whether the console's live mirror proves the screen was not redrawn since `t` (performance.now()); false (or
   * absent) without a mirror: links of the CLI and agents have no stream, so nothing proves "unchanged".
   */
  screenUnchangedSince?(t: number): boolean;
  /** `adb push` of a local file (seed 004 install_app); `onBytes` reports the bytes sent so far. */
  push?(localPath: string, remotePath: string, onBytes: (sent: number) => void): Promise<void>;
}

export interface DeviceLinks {
  open(serial: string): Promise<DeviceLink>;
  /**
   * adb's resolution of a serial a caller gave (electron/device/identity.ts): its canonical serial and the device
   * identity the lock and receipts are keyed by. Links without it (test fakes) use the serial as both.
   */
  resolve?(serial: string): Promise<{ identity: string; serial: string }>;
}
