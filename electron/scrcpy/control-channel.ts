// Host side of the control socket: control messages serialized by @yume-chan/scrcpy, device messages
// (clipboard, clipboard acks) parsed by its device message parsers. Multi-pointer touches carry a
// pointer id per finger; positions are device-video pixels with the video size they refer to.
import type { Duplex } from 'node:stream';
import {
  AndroidKeyEventAction,
  AndroidMotionEventAction,
  type AndroidKeyCode,
  type AndroidKeyEventMeta,
  type AndroidScreenPowerMode,
  ScrcpyControlMessageSerializer,
  type ScrcpyOptions3_3_3,
} from '@yume-chan/scrcpy';
import { BufferedReadableStream, WritableStream } from '@yume-chan/stream-extra';
import { socketToWebStream } from './video-stream';

export interface TouchPoint {
  /** Finger id chosen by the caller (0, 1, 2 …); scrcpy keeps ids stable per pointer. */
  pointerId: number | bigint;
  x: number;
  y: number;
}

export type TouchAction = 'down' | 'move' | 'up' | 'cancel';

const TOUCH_ACTIONS: Record<TouchAction, AndroidMotionEventAction> = {
  down: AndroidMotionEventAction.Down,
  move: AndroidMotionEventAction.Move,
  up: AndroidMotionEventAction.Up,
  cancel: AndroidMotionEventAction.Cancel,
};

export class ControlChannel {
  private readonly serializer: ScrcpyControlMessageSerializer;
  private writeTail: Promise<void> = Promise.resolve();
  private clipboardSequence = 0n;
  private readonly clipboardListeners = new Set<(text: string) => void>();
  /** The device clipboard as last heard (autosync or an answer); null before any. */
  private lastClipboard: string | null = null;

  constructor(
    private readonly socket: Duplex,
    private readonly options: ScrcpyOptions3_3_3<true>,
    /** Current video size: touch and scroll positions are relative to it (scrcpy drops events for a stale size). */
    private readonly videoSize: () => { width: number; height: number },
  ) {
    this.serializer = new ScrcpyControlMessageSerializer(options);
    void this.readDeviceMessages();
    const clipboard = options.clipboard;
    if (clipboard) {
      void clipboard
        .pipeTo(
          new WritableStream({
            write: (text) => {
              this.lastClipboard = text;
              this.clipboardListeners.forEach((l) => l(text));
            },
          }),
        )
        .catch(() => undefined);
    }
  }

  /** One touch event for one pointer; send 'down'/'move'/'up' per finger for multi-finger gestures. */
  touch(action: TouchAction, point: TouchPoint, pressure = 1): Promise<void> {
    const { width, height } = this.videoSize();
    return this.send(
      this.serializer.injectTouch({
        action: TOUCH_ACTIONS[action],
        pointerId: BigInt(point.pointerId),
        pointerX: point.x,
        pointerY: point.y,
        videoWidth: width,
        videoHeight: height,
        pressure: action === 'up' ? 0 : pressure,
        actionButton: 0,
        buttons: 0,
      }),
    );
  }

  key(action: 'down' | 'up', keyCode: number, metaState = 0, repeat = 0): Promise<void> {
    return this.send(
      this.serializer.injectKeyCode({
        action: action === 'down' ? AndroidKeyEventAction.Down : AndroidKeyEventAction.Up,
        keyCode: keyCode as AndroidKeyCode,
        metaState: metaState as AndroidKeyEventMeta,
        repeat,
      }),
    );
  }

  text(text: string): Promise<void> {
    return this.send(this.serializer.injectText(text));
  }

  /** Wheel scroll at a video pixel; `scrollX/Y` in Android scroll units (-16..16). */
  async scroll(x: number, y: number, scrollX: number, scrollY: number): Promise<void> {
    const { width, height } = this.videoSize();
    const bytes = this.serializer.injectScroll({
      pointerX: x,
      pointerY: y,
      videoWidth: width,
      videoHeight: height,
      scrollX,
      scrollY,
      buttons: 0,
    });
    if (bytes) await this.send(bytes);
  }

  async backOrScreenOn(action: 'down' | 'up'): Promise<void> {
    const bytes = this.serializer.backOrScreenOn(
      action === 'down' ? AndroidKeyEventAction.Down : AndroidKeyEventAction.Up,
    );
    if (bytes) await this.send(bytes);
  }

  /** Sets the device clipboard; resolves when the device acknowledged it. */
  async setClipboard(content: string, paste = false): Promise<void> {
    const result = this.serializer.setClipboard({ content, paste, sequence: ++this.clipboardSequence });
    if (result instanceof Uint8Array) {
      await this.send(result);
      return;
    }
    await this.send(result[0]);
    await result[1];
  }

  /**
   * scrcpy GET_CLIPBOARD, pressing COPY first when asked. With clipboard_autosync the device answers only when
   * its clipboard changed (scrcpy does not send it twice), so after `waitMs` the last text heard is the answer.
   */
  async getClipboard(copy: boolean, waitMs = 800): Promise<string> {
    let off = () => {};
    const changed = new Promise<string | null>((resolve) => {
      const timer = setTimeout(() => resolve(null), waitMs);
      off = this.onClipboard((text) => {
        clearTimeout(timer);
        resolve(text);
      });
    });
    // type GET_CLIPBOARD (8), copy_key: 0 none, 1 COPY (ControlMessage.COPY_KEY_*).
    await this.send(Uint8Array.of(8, copy ? 1 : 0));
    const text = await changed;
    off();
    return text ?? this.lastClipboard ?? '';
  }

  /** StatusBarManager panels: the notification shade, quick settings, or collapse both. */
  panel(panel: 'notifications' | 'quick_settings' | 'none'): Promise<void> {
    const s = this.serializer;
    return this.send(
      panel === 'notifications'
        ? s.expandNotificationPanel()
        : panel === 'quick_settings'
          ? s.expandSettingPanel()
          : s.collapseNotificationPanel(),
    );
  }

  /** Device clipboard changes (clipboard_autosync) and answers to getClipboard(). */
  onClipboard(listener: (text: string) => void): () => void {
    this.clipboardListeners.add(listener);
    return () => this.clipboardListeners.delete(listener);
  }

  /** Portrait ↔ landscape on the device (the stream then restarts at the new size). */
  rotateDevice(): Promise<void> {
    return this.send(this.serializer.rotateDevice());
  }

  /** SET_DISPLAY_POWER: the device's panel off or on while the stream goes on (scrcpy's --turn-screen-off). */
  displayPower(mode: AndroidScreenPowerMode): Promise<void> {
    return this.send(this.serializer.setDisplayPower(mode));
  }

  resetVideo(): Promise<void> {
    return this.send(this.serializer.resetVideo());
  }

  private send(bytes: Uint8Array): Promise<void> {
    const write = () =>
      new Promise<void>((resolve, reject) => {
        this.socket.write(bytes, (error) => (error ? reject(error) : resolve()));
      });
    this.writeTail = this.writeTail.then(write, write);
    return this.writeTail;
  }

  private async readDeviceMessages(): Promise<void> {
    const buffered = new BufferedReadableStream(socketToWebStream(this.socket));
    const parsers = this.options.deviceMessageParsers;
    try {
      for (;;) {
        const [id] = await buffered.readExactly(1);
        await parsers.parse(id!, buffered);
      }
    } catch {
      parsers.close();
    }
  }
}
