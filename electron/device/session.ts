// One device session per serial: the single owner of what the console and the executor both need from a
// device — its screen and rotation as last read, the helper's status, the live mirror (the console's scrcpy
// session) and the input backend an operation gets. The device directory, the mirror service and the
// executor's links all read from it, so a rotation seen by one is the screen the others use.
// Input is chosen once per operation: the helper when it runs, else the mirror's control socket, else
// `adb shell input`; never does an operation move to another backend mid-way.
import type { ScreenSize } from '../../shared/geometry';
import type { DeviceObservation, Rotation } from '../../shared/observation';
import type { AdbServer } from '../adb/adb-server';
import { getDeviceInfo, readRotation, type DeviceInfo } from '../adb/device-info';
import { displaySize, parseWmSize } from '../adb/device-info-parse';
import { observe } from '../adb/observe';
import { takeScreenshot, type Screenshot } from '../adb/screenshot';
import type { HelperChannel } from '../helper/helper-channel';
import type { HelperStatus, HelperSupervisor } from '../helper/helper-supervisor';
import { AdbShellInput } from '../input/adb-input';
import { HelperInput } from '../input/helper-input';
import type { InputBackend } from '../input/input-backend';
import { ScrcpyInput } from '../input/scrcpy-input';
import type { LiveInput } from '../input/live-input';
import { ScrcpyLiveInput } from '../input/scrcpy-live';
import { HelperLiveInput } from '../input/helper-live';
import { usableCapabilities } from '../helper/inject-denial';
import type { ScrcpySession } from '../scrcpy/scrcpy-session';

/** What the session needs from a live mirror: its control socket and video size, and news of a new size. */
export type MirrorSource = Pick<ScrcpySession, 'control' | 'videoSize' | 'onSizeChange' | 'lastFrameAt'>;

/** The display as last read, by whichever path read it (observation, device info, helper, mirror). */
export interface ScreenReading {
  screen: ScreenSize;
  rotation: Rotation | null;
  read_at: number;
}

interface AttachedMirror {
  source: MirrorSource;
  /** The device screen the video shows; null while a rotation's new screen is being read (no input then). */
  screen: ScreenSize | null;
  /** performance.now() when it was attached: before that, nothing watched the screen. */
  since: number;
}

export class DeviceSession {
  private last: ScreenReading | null = null;
  private cachedInfo: Promise<DeviceInfo | null> | null = null;
  private mirror: AttachedMirror | null = null;

  constructor(
    readonly adb: AdbServer,
    private readonly helpers: HelperSupervisor,
    readonly serial: string,
  ) {}

  // --- screen and rotation -------------------------------------------------------------------------------

  /** The display apps see now (rotation applied), read fresh; starts the helper when it can run (one round trip). */
  async screen(): Promise<ScreenSize> {
    return this.readScreen(await this.native());
  }

  /** The display as last read, without asking the device. */
  lastScreen(): ScreenReading | null {
    return this.last;
  }

  /** Device info (identity, display, density), read fresh; its screen becomes the session's. */
  async info(): Promise<DeviceInfo> {
    const info = getDeviceInfo(this.adb, this.serial);
    this.cachedInfo = info.catch(() => null);
    const read = await info;
    this.record(read.screen, read.rotation);
    return read;
  }

  /** Device info as read once for this session (null when it could not be read). */
  knownInfo(): Promise<DeviceInfo | null> {
    return (this.cachedInfo ??= this.info().catch(() => null));
  }

  /** Forgets what was read (the device changed state and may come back different). */
  invalidate(): void {
    this.cachedInfo = null;
    this.last = null;
  }

  /** The uiautomator observation; the console's and the executor's reads both come here. */
  async observe(): Promise<DeviceObservation> {
    const o = await observe(this.adb, this.serial);
    this.record(o.screen, o.rotation);
    return o;
  }

  screenshot(): Promise<Screenshot> {
    return takeScreenshot(this.adb, this.serial);
  }

  /** One `adb shell` command line; rejects with a DEVICE_LOST/TIMEOUT-coded error when the device fails. */
  shell(command: string): Promise<string> {
    return this.adb.shell(this.serial, command, { action: command.split(' ').slice(0, 2).join(' ') });
  }

  // --- helper --------------------------------------------------------------------------------------------

  /** The helper's status, (re)starting it when needed. */
  helper(): Promise<HelperStatus> {
    return this.helpers.ensure(this.serial);
  }

  /** The helper channel, or null when the helper cannot run here. */
  async native(): Promise<HelperChannel | null> {
    const status = await this.helper();
    return status.state === 'connected' ? status.channel : null;
  }

  /** Why the helper is not live (null when it is) and what its install step did (null when none ran). */
  async helperState(): Promise<{ problem: string | null; install: string | null }> {
    const status = await this.helper();
    const install =
      status.install === null
        ? null
        : status.install.pushed
          ? `pushed helper ${status.install.sha256}`
          : status.install.message;
    return { problem: status.state === 'connected' ? null : status.message, install };
  }

  // --- input ---------------------------------------------------------------------------------------------

  /** The backend for one operation: helper, else the live mirror's control socket, else `adb shell input`. */
  async input(): Promise<InputBackend> {
    const channel = await this.native();
    if (channel) return new HelperInput(channel);
    return this.mirrorInput() ?? new AdbShellInput((command) => this.shell(command));
  }

  /**
   * The live mirror's control socket as a multi-finger backend, or null: no mirror, its screen is unread, or its
   * video is smaller than the screen. scrcpy takes a touch only in the current video's pixels (its PositionMapper
   * refuses any other frame size), so a downscaled stream cannot reach every device pixel: input then goes
   * through the helper (exact) or `adb shell input`, never approximated through the mirror.
   */
  mirrorInput(): InputBackend | null {
    const mirror = this.mirror;
    const control = mirror?.source.control;
    const screen = mirror?.screen;
    if (!mirror || !control || !screen) return null;
    const video = mirror.source.videoSize();
    if (video.width < screen.width || video.height < screen.height) return null;
    return new ScrcpyInput({ control, videoSize: () => mirror.source.videoSize(), screenSize: () => screen });
  }

  /**
   * The live backend for the Control tool's finger: the mirror's scrcpy control socket when a mirror runs (a
   * socket write per event, nothing to wait for: the lower latency in bench:live-touch), else the helper's
   * `touch` stream (a round trip per event), else null (the console then replays the gesture on release).
   */
  async liveInput(): Promise<LiveInput | null> {
    const mirror = this.mirror;
    const control = mirror?.source.control;
    // A downscaled stream cannot reach every device pixel (scrcpy maps touches in video pixels): the helper then.
    const video = mirror?.source.videoSize();
    const fullSize =
      !!video && !!mirror?.screen && video.width >= mirror.screen.width && video.height >= mirror.screen.height;
    if (mirror && control && mirror.screen && fullSize)
      return new ScrcpyLiveInput(control, () => mirror.source.videoSize(), mirror.screen);
    const channel = await this.native();
    if (!channel || !usableCapabilities(channel).includes('inject.stream')) return null;
    return new HelperLiveInput(channel, this.last?.screen ?? (await this.screen()));
  }

  // --- mirror --------------------------------------------------------------------------------------------

  /**
   * The console's mirror of this device; it replaces any earlier one. The screen is read now and again after
   * every video size change (a rotation), so scaled video maps exactly. Returns the detach function.
   */
  async attachMirror(source: MirrorSource): Promise<() => void> {
    const mirror: AttachedMirror = { source, screen: null, since: performance.now() };
    this.mirror = mirror;
    // The helper's display when it already runs; a mirror never starts the helper (seconds on a phone without it).
    const read = () => this.readScreen(this.liveHelper()).catch(() => null);
    const off = source.onSizeChange(() => {
      mirror.screen = null;
      void read().then((screen) => {
        mirror.screen = screen;
      });
    });
    mirror.screen = await read();
    return () => {
      off();
      if (this.mirror === mirror) this.mirror = null;
    };
  }

  /** The live mirror's control socket (device buttons, typing, clipboard), or null without a mirror. */
  mirrorControl(): MirrorSource['control'] {
    return this.mirror?.source.control ?? null;
  }

  /**
   * Whether the live mirror proves the screen was not redrawn since `t` (performance.now()): a mirror attached
   * before t and no video packet since. Without a mirror nothing proves it: false.
   */
  screenUnchangedSince(t: number): boolean {
    const m = this.mirror;
    return m !== null && m.since <= t && m.source.lastFrameAt() < t;
  }

  /** Whether a mirror is attached. */
  mirrored(): boolean {
    return this.mirror !== null;
  }

  private liveHelper(): HelperChannel | null {
    const status = this.helpers.status(this.serial);
    return status?.state === 'connected' ? status.channel : null;
  }

  /** The helper's observe carries the display in one round trip; without it, `wm size` + the rotation. */
  private async readScreen(channel: HelperChannel | null): Promise<ScreenSize> {
    const reply = channel ? await channel.request('observe', {}, 'screen-size').catch(() => null) : null;
    if (reply?.ok) return this.record(reply.result.display, null);
    const [size, rotation] = await Promise.all([
      this.adb.shell(this.serial, 'wm size', { action: 'wm size' }).then(parseWmSize),
      readRotation(this.adb, this.serial),
    ]);
    return this.record(displaySize(size, rotation), rotation);
  }

  private record(screen: ScreenSize, rotation: Rotation | null): ScreenSize {
    this.last = { screen, rotation, read_at: Date.now() };
    return screen;
  }
}
