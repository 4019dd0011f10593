// Applies control messages to the simulated device, as scrcpy 3.3.3's Controller does on a phone:
// positions are checked against the current video size and mapped to device pixels, touches go through
// the pointer state, BACK_OR_SCREEN_ON presses BACK (or POWER on a sleeping device), SET_DISPLAY_POWER turns
// the panel off or on while the device stays awake (and remembers to light it again when the session ends),
// clipboard changes are acknowledged and synchronized.
import {
  CONTROL_TYPE,
  KEY_ACTION,
  MOTION_ACTION,
  POINTER_ID,
  type ControlMessage,
  type Position,
} from './control-message';
import type { DeviceClipboard } from '../android/clipboard';
import { DEVICE_MESSAGE_TYPE, type DeviceMessage } from './device-message-writer';
import type { ScrcpyDeviceExtras, ScrcpyInput } from './ports';
import { TouchPointers } from './touch-pointers';
import { KEYCODES } from '../../shared/android/keycodes';
import type { Size } from './video-size';

export interface ControllerDeps {
  input: ScrcpyInput;
  clipboard: DeviceClipboard;
  extras: ScrcpyDeviceExtras;
  clipboardAutosync: boolean;
  /** Current video size and device screen size; null while no frame was sent. */
  geometry(): { video: Size; screen: Size } | null;
  send(message: DeviceMessage): void;
  resetVideo(): void;
  /** CleanUp.setRestoreDisplayPower: the panel must be lit again when the server exits. */
  restoreDisplayPowerOnExit?(restore: boolean): void;
  log(level: 'info' | 'warn' | 'verbose', message: string): void;
  now?: () => number;
}

/** PositionMapper.map: null when the client's frame size is not the current one (e.g. after a rotation). */
export function mapPosition(position: Position, video: Size, screen: Size): { x: number; y: number } | null {
  if (position.screenWidth !== video.width || position.screenHeight !== video.height) return null;
  if (video.width === screen.width && video.height === screen.height) return { x: position.x, y: position.y };
  return {
    x: Math.trunc((position.x * screen.width) / video.width),
    y: Math.trunc((position.y * screen.height) / video.height),
  };
}

export class Controller {
  private readonly pointers = new TouchPointers();
  private readonly now: () => number;

  constructor(private readonly deps: ControllerDeps) {
    this.now = deps.now ?? (() => performance.now());
  }

  handle(msg: ControlMessage): void {
    const { input, log } = this.deps;
    switch (msg.type) {
      case CONTROL_TYPE.INJECT_KEYCODE:
        input.key({
          action: msg.action === KEY_ACTION.DOWN ? 'down' : 'up',
          keycode: msg.keycode,
          repeat: msg.repeat,
          meta_state: msg.metaState,
        });
        return;
      case CONTROL_TYPE.INJECT_TEXT:
        input.text(msg.text);
        return;
      case CONTROL_TYPE.INJECT_TOUCH_EVENT:
        this.touch(msg.action, msg.pointerId, msg.position, msg.actionButton | msg.buttons);
        return;
      case CONTROL_TYPE.INJECT_SCROLL_EVENT: {
        const point = this.point(msg.position);
        if (!point) return;
        if (input.scroll) input.scroll(point.x, point.y, msg.hScroll, msg.vScroll);
        else log('warn', 'Scroll events are not supported by this device');
        return;
      }
      case CONTROL_TYPE.BACK_OR_SCREEN_ON:
        // Controller.pressBackOrTurnScreenOn: BACK while the screen is on, else POWER on the press only.
        if (this.deps.extras.isScreenOn?.() === false) {
          if (msg.action === KEY_ACTION.DOWN) this.pressRelease(KEYCODES.POWER);
          return;
        }
        input.key({
          action: msg.action === KEY_ACTION.DOWN ? 'down' : 'up',
          keycode: KEYCODES.BACK,
          repeat: 0,
          meta_state: 0,
        });
        return;
      case CONTROL_TYPE.GET_CLIPBOARD:
        if (msg.copyKey !== 0) this.pressRelease(msg.copyKey === 1 ? KEYCODES.COPY : KEYCODES.CUT);
        // With autosync, the change listener already sent it (scrcpy avoids sending it twice).
        if (!this.deps.clipboardAutosync)
          this.deps.send({ type: DEVICE_MESSAGE_TYPE.CLIPBOARD, text: this.deps.clipboard.get() });
        return;
      case CONTROL_TYPE.SET_CLIPBOARD:
        this.deps.clipboard.set(msg.text, true);
        log('info', 'Device clipboard set');
        if (msg.paste) this.pressRelease(KEYCODES.PASTE);
        if (msg.sequence !== 0n) this.deps.send({ type: DEVICE_MESSAGE_TYPE.ACK_CLIPBOARD, sequence: msg.sequence });
        return;
      case CONTROL_TYPE.SET_DISPLAY_POWER:
        if (!this.deps.extras.setDisplayPower) {
          log('warn', 'Could not change the display power mode');
          return;
        }
        this.deps.extras.setDisplayPower(msg.on);
        log('info', `Device display turned ${msg.on ? 'on' : 'off'}`);
        this.deps.restoreDisplayPowerOnExit?.(!msg.on);
        return;
      case CONTROL_TYPE.ROTATE_DEVICE:
        if (this.deps.extras.rotate) this.deps.extras.rotate();
        else log('warn', 'Rotation is not supported by this device');
        return;
      case CONTROL_TYPE.START_APP: {
        let name = msg.name;
        const forceStop = name.startsWith('+');
        if (forceStop) name = name.slice(1);
        if (name.startsWith('?')) {
          log('warn', `Starting apps by name is not supported: "${name.slice(1)}"`);
        } else if (!this.deps.extras.startApp?.(name, forceStop)) {
          log('warn', `No app found for package "${name}"`);
        }
        return;
      }
      case CONTROL_TYPE.RESET_VIDEO:
        log('info', 'Video reset requested');
        this.deps.resetVideo();
        return;
      case CONTROL_TYPE.UHID_CREATE:
      case CONTROL_TYPE.UHID_INPUT:
      case CONTROL_TYPE.UHID_DESTROY:
        log('warn', 'UHID devices are not supported by the virtual device');
        return;
      case CONTROL_TYPE.EXPAND_NOTIFICATION_PANEL:
      case CONTROL_TYPE.EXPAND_SETTINGS_PANEL:
      case CONTROL_TYPE.COLLAPSE_PANELS: {
        const panel =
          msg.type === CONTROL_TYPE.EXPAND_NOTIFICATION_PANEL
            ? 'notifications'
            : msg.type === CONTROL_TYPE.EXPAND_SETTINGS_PANEL
              ? 'quick_settings'
              : 'none';
        if (this.deps.extras.expandPanel) this.deps.extras.expandPanel(panel);
        else log('warn', 'Status bar panels are not supported by this device');
        return;
      }
      default:
        // Keyboard settings do not exist on the virtual device.
        log('verbose', `Ignored control message type ${msg.type}`);
    }
  }

  private point(position: Position): { x: number; y: number } | null {
    const geometry = this.deps.geometry();
    if (!geometry) return { x: position.x, y: position.y };
    const point = mapPosition(position, geometry.video, geometry.screen);
    if (!point) {
      this.deps.log(
        'verbose',
        `Ignore positional event generated for size ${position.screenWidth}x${position.screenHeight} (current size is ${geometry.video.width}x${geometry.video.height})`,
      );
    }
    return point;
  }

  private touch(action: number, pointerId: bigint, position: Position, buttons: number): void {
    const isMouse = pointerId === POINTER_ID.MOUSE;
    // A hovering mouse or a secondary button is not a touch on a touchscreen-only device.
    if (isMouse && (action === MOTION_ACTION.HOVER_MOVE || (buttons & ~1) !== 0)) return;
    const point = this.point(position);
    if (!point) return;
    const event = this.pointers.apply(action, pointerId, point.x, point.y, this.now());
    if (!event) {
      this.deps.log('warn', 'Too many pointers for touch event');
      return;
    }
    this.deps.input.motion(event);
  }

  private pressRelease(keycode: number): void {
    this.deps.input.key({ action: 'down', keycode, repeat: 0, meta_state: 0 });
    this.deps.input.key({ action: 'up', keycode, repeat: 0, meta_state: 0 });
  }
}
