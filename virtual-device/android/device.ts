// The simulated phone: display, system properties, settings, log, input dispatcher, the lab app and its
// renderer, behind the DeviceServices seam the adb transport talks to.
import { randomBytes } from 'node:crypto';
import type { AdbdRequest, DeviceServices, VirtualFileSystem } from '../device-services';
import { LAB_FIRST_PID, Lab } from '../lab/lab';
import { LabRenderer } from '../lab/renderer';
import { DeviceClipboard } from './clipboard';
import { InputDispatcher } from './input-dispatcher';
import { PackageManager } from './package-manager';
import { ProcessList, type ProcessInfo } from './process-list';
import { ProcFileSystem } from './proc-fs';
import { AID } from '../fs/android-tree';
import { LocalSockets } from './local-sockets';
import { LogBuffer, type LogLine } from './logcat';
import { ProcessTable } from './processes';
import { buildProps } from './props';
import { SettingsStore } from './settings-store';
import { AndroidShell } from './shell/shell';
import { Battery } from './battery';
import { AppOps } from './app-ops';
import { DeviceLocation } from './location';

/** The shell user's groups, as `id` prints them: shell, input, log, adb, sdcard_rw, sdcard_r, ext_data_rw, … */
const SHELL_GIDS = [2000, 1004, 1007, 1011, 1015, 1028, 1078, 1079, 3001, 3002, 3003, 3006, 3009, 3011, 3012];
/** adbd's pid: the parent of what the shell user starts. */
const ADBD_PID = 688;
/** How long adbd is away when it restarts (init starts it again), and the device when it reboots. */
const ADBD_RESTART_MS = 300;
const BOOT_MS = 2000;

/** Where the accelerometer says "up" is when rotation is free: a phone held upright reads its natural rotation. */
const SENSOR_ROTATION = 0;

export interface SimulatedAndroidOptions {
  /** Natural (rotation 0) display size in pixels. Default 1080×2400. */
  width?: number;
  height?: number;
  /** Default 420 dpi. */
  density?: number;
  /** API level. Default 34 (Android 14). */
  sdk?: number;
  fs: VirtualFileSystem;
  /** Device clock in ms (uptime-like). Default performance.now(); tests inject a fake one. */
  clock?: () => number;
  /** How long-running shell commands (input swipe) wait. Default real timers; tests advance their fake clock. */
  sleep?: (ms: number) => Promise<void>;
  /** ro.serialno; default a fresh TACTILE… number, so that, as with real phones, no two devices share one. */
  serial?: string;
  model?: string;
}

export interface DisplayInfo {
  /** Natural size (what `wm size` reports as Physical size). */
  physicalWidth: number;
  physicalHeight: number;
  /** `wm size WxH` in natural orientation, null when none is set. */
  overrideSize: { width: number; height: number } | null;
  /** Effective density: the `wm density` override when set, else the panel's. */
  density: number;
  physicalDensity: number;
  overrideDensity: number | null;
  /** Surface.ROTATION_0..3. */
  rotation: number;
  /** Current logical size: swapped for rotation 1 and 3. */
  width: number;
  height: number;
}

export class SimulatedAndroid implements DeviceServices {
  readonly fs: VirtualFileSystem;
  readonly sockets = new LocalSockets();
  readonly shell: AndroidShell;
  readonly lab: Lab;
  readonly input: InputDispatcher;
  readonly renderer: LabRenderer;
  readonly props: Map<string, string>;
  readonly settings: SettingsStore;
  readonly logcat: LogBuffer;
  readonly clock: () => number;
  readonly sleep: (ms: number) => Promise<void>;
  readonly sdk: number;
  /** ClipboardManager's primary clip (text only), shared by the apps and the scrcpy server. */
  readonly clipboard = new DeviceClipboard();
  readonly packages: PackageManager;
  readonly battery = new Battery();
  /** AppOpsService's per-package modes (`appops`). */
  readonly appOps = new AppOps();
  /** Where LocationManager says the device is (mock fixes from test providers). */
  readonly location: DeviceLocation;
  /** The kernel's process list as ps, pidof and dumpsys activity see it: daemons, system apps, running apps. */
  readonly processList: ProcessList;
  /** Processes the shell user started that run on by themselves (the helper), for ps, pidof and kill. */
  readonly processes = new ProcessTable();
  /** When the device booted, on its clock (ms): /proc/uptime, /proc/stat's btime. */
  bootTimeMs: number;
  /** adbd runs as root after `adb root` (a userdebug build allows it) until `adb unroot` or a reboot. */
  adbdRoot = false;
  private readonly adbdListeners = new Set<(downMs: number) => void>();
  private readonly physical: { width: number; height: number; density: number };
  private rotationValue = 0;
  /** `wm size WxH` / `wm density N`: what apps see instead of the panel's own size and density (null: none). */
  private sizeOverride: { width: number; height: number } | null = null;
  private densityOverride: number | null = null;
  private readonly identity: { productName: string; model: string; device: string };

  constructor(opts: SimulatedAndroidOptions) {
    const width = opts.width ?? 1080;
    const height = opts.height ?? 2400;
    const density = opts.density ?? 420;
    this.sdk = opts.sdk ?? 34;
    this.physical = { width, height, density };
    const realTime = opts.clock === undefined;
    const origin = Date.now() - performance.now();
    this.clock = opts.clock ?? (() => origin + performance.now());
    this.bootTimeMs = this.clock();
    this.location = new DeviceLocation(this.clock);
    this.fs = new ProcFileSystem(opts.fs, {
      now: () => this.clock(),
      bootTimeMs: () => this.bootTimeMs,
      processes: () => this.allProcesses(),
    });
    // The device's own apps were installed when it was set up: now, on the device's clock.
    this.packages = new PackageManager(this.sdk, this.clock());
    this.sleep = opts.sleep ?? ((ms) => new Promise((resolve) => setTimeout(resolve, ms)));
    this.identity = { productName: 'tactile_lab', model: opts.model ?? 'Tactile Virtual Phone', device: 'tactile_vd' };
    const serial = opts.serial ?? `TACTILE${randomBytes(5).toString('hex').toUpperCase()}`;
    this.props = buildProps({
      sdk: this.sdk,
      density,
      serial,
      model: this.identity.model,
      manufacturer: 'Tactile',
      productName: this.identity.productName,
      device: this.identity.device,
    });
    this.settings = new SettingsStore(this.identity.model, '7ac71e0000000001', (ns, key) => {
      if (ns === 'system' && (key === 'user_rotation' || key === 'accelerometer_rotation'))
        this.followRotationSettings();
    });
    // A line's uid is its writer's (the process list exists once the lab does; nothing logs before).
    this.logcat = new LogBuffer(this.clock, (pid) => this.allProcesses().find((p) => p.pid === pid)?.uid ?? 0);
    this.lab = new Lab({
      width,
      height,
      density,
      sdk: this.sdk,
      clock: this.clock,
      realTimers: realTime,
      log: (tag, m, level) => this.labLog(tag, m, level),
      clipboard: this.clipboard,
    });
    this.processList = new ProcessList(this.lab, this.packages);
    this.input = new InputDispatcher(this.lab, this.clock);
    this.renderer = new LabRenderer(this.lab);
    this.shell = new AndroidShell(this);
    for (const p of this.packages.list()) this.createAppDataDir(p.packageName);
    // Everything adb reaches from now on (shell, sync) runs as adbd's user.
    this.fs.setCredentials(() => this.credentials);
    this.logcat.add('ActivityTaskManager', 'Displayed com.tactile.lab/.MainActivity', 'I', 1000);
  }

  /** The lab's lines: its main thread, or OkHttp's dispatcher thread for the HTTP client's lines. */
  private labLog(tag: string, message: string, level: LogLine['level'] = 'I'): void {
    const pid = this.lab.pid ?? LAB_FIRST_PID;
    this.logcat.add(tag, message, level, pid, tag.startsWith('okhttp') ? pid + 11 : pid);
  }

  /** adbd's services that restart it (`adb root`, `unroot`, `tcpip`, `usb`) and `reboot:`, as restart_service.cpp answers. */
  adbd(request: AdbdRequest): string {
    switch (request.kind) {
      case 'root':
        if (this.adbdRoot) return 'adbd is already running as root\n';
        if (this.props.get('ro.debuggable') !== '1') return 'adbd cannot run as root in production builds\n';
        this.adbdRoot = true;
        this.props.set('service.adb.root', '1');
        this.restartAdbd(ADBD_RESTART_MS);
        return 'restarting adbd as root\n';
      case 'unroot':
        if (!this.adbdRoot) return 'adbd not running as root\n';
        this.adbdRoot = false;
        this.props.set('service.adb.root', '0');
        this.restartAdbd(ADBD_RESTART_MS);
        return 'restarting adbd as non root\n';
      case 'tcpip':
        if (request.port <= 0) return `invalid port ${request.port}\n`;
        // The virtual device is reached through its one loopback port, as an emulator through its forwarded
        // adb port: adbd restarts in TCP mode and the device stays where it is.
        this.props.set('service.adb.tcp.port', String(request.port));
        this.restartAdbd(ADBD_RESTART_MS);
        return `restarting in TCP mode port: ${request.port}\n`;
      case 'usb':
        this.restartAdbd(ADBD_RESTART_MS);
        return 'restarting in USB mode\n';
      case 'reboot':
        this.reboot(request.target);
        return '';
    }
  }

  /**
   * adbd's framebuffer_service: screencap's RGBA_8888 picture behind struct fbinfo version 2 (bpp, colorSpace,
   * size, width, height, then offset/length of red, blue, green and alpha), all little-endian uint32.
   */
  framebuffer(): Uint8Array {
    const frame = this.renderer.render();
    const header = Buffer.alloc(14 * 4);
    // version 2, 32 bpp, sRGB, size, width, height, red 0/8, blue 16/8, green 8/8, alpha 24/8
    [2, 32, 1, frame.rgba.length, frame.width, frame.height, 0, 8, 16, 8, 8, 8, 24, 8].forEach((v, i) =>
      header.writeUInt32LE(v, i * 4),
    );
    return Buffer.concat([header, frame.rgba]);
  }

  onAdbdRestart(listener: (downMs: number) => void): () => void {
    this.adbdListeners.add(listener);
    return () => this.adbdListeners.delete(listener);
  }

  private restartAdbd(downMs: number): void {
    for (const l of this.adbdListeners) l(downMs);
  }

  /**
   * `adb reboot [TARGET]`, `reboot`, `setprop sys.powerctl reboot`: the device goes down and boots again (there is
   * no bootloader or recovery to stay in, as on an emulator). What lives in RAM goes: processes, logd's buffers,
   * the clipboard, adbd's root and a remount; files, settings and installed apps stay.
   */
  reboot(_target: string): void {
    this.processes.killAll(9);
    this.adbdRoot = false;
    this.props.set('service.adb.root', '0');
    this.fs.remount(false);
    this.clipboard.set('');
    this.bootTimeMs = this.clock();
    this.lab.reboot();
    this.logcat.clear();
    this.logcat.add('ActivityTaskManager', `Displayed ${this.lab.packageName}/.MainActivity`, 'I', 1000);
    this.restartAdbd(BOOT_MS);
  }

  /** The uid and groups adbd's shell runs with: shell and its groups (`id`), or root after `adb root`. */
  get credentials(): { uid: number; gids: readonly number[] } {
    return this.adbdRoot ? { uid: AID.root, gids: [AID.root] } : { uid: AID.shell, gids: SHELL_GIDS };
  }

  /** installd's part of an install: /data/data/PKG, the app's own (u0_aN, rwx------). */
  createAppDataDir(packageName: string): void {
    const uid = this.packages.get(packageName)?.uid;
    if (uid === undefined) return;
    const dir = `/data/data/${packageName}`;
    this.fs.privileged(() => {
      if (this.fs.stat(dir)) return;
      this.fs.mkdir(dir, 0o700, Math.floor(this.clock() / 1000));
      this.fs.chown(dir, uid, uid);
    });
  }

  /** The kernel's processes and the ones the shell user started that run on by themselves, by pid. */
  allProcesses(): Array<ProcessInfo & { args?: string }> {
    const own = this.processes.list().map((p) => ({
      pid: p.pid,
      ppid: ADBD_PID,
      uid: p.uid,
      name: p.name,
      vsz: 12_845_312,
      rss: 61_204,
      wchan: 'do_epoll_wait',
      packageName: null,
      args: p.args.join(' '),
    }));
    return [...this.processList.list(), ...own].sort((a, b) => a.pid - b.pid);
  }

  banner(): { productName: string; model: string; device: string } {
    return { ...this.identity };
  }

  get display(): DisplayInfo {
    const r = this.rotationValue;
    const swap = r % 2 === 1;
    const { width: pw, height: ph, density: pd } = this.physical;
    const { width, height } = this.sizeOverride ?? this.physical;
    return {
      physicalWidth: pw,
      physicalHeight: ph,
      overrideSize: this.sizeOverride ? { ...this.sizeOverride } : null,
      density: this.densityOverride ?? pd,
      physicalDensity: pd,
      overrideDensity: this.densityOverride,
      rotation: r,
      width: swap ? height : width,
      height: swap ? width : height,
    };
  }

  /**
   * `wm size WxH` (natural orientation) or `wm size reset` (null): as on Android, apps, screencap, uiautomator
   * and input all use the new logical size at once, and the lab re-lays itself out for it.
   */
  setSizeOverride(size: { width: number; height: number } | null): void {
    if (
      size !== null &&
      !(Number.isInteger(size.width) && Number.isInteger(size.height) && size.width > 0 && size.height > 0)
    ) {
      throw new RangeError(`size must be positive integers, got ${size.width}x${size.height}`);
    }
    this.sizeOverride =
      size && (size.width !== this.physical.width || size.height !== this.physical.height) ? { ...size } : null;
    const d = this.display;
    this.lab.setDisplay(d.width, d.height, d.rotation);
  }

  /** `wm density N` or `wm density reset` (null). */
  setDensityOverride(density: number | null): void {
    this.densityOverride = density === this.physical.density ? null : density;
  }

  /** Whether rotation is locked to user_rotation (accelerometer_rotation 0), as `wm user-rotation` reports it. */
  get rotationLocked(): boolean {
    return this.settings.get('system', 'accelerometer_rotation') !== '1';
  }

  /**
   * Locks the display at Surface.ROTATION_0..3 as WindowManagerService.freezeDisplayRotation does: it writes
   * accelerometer_rotation 0 and user_rotation, and the display follows those settings.
   */
  setRotation(rotation: number): void {
    if (!Number.isInteger(rotation) || rotation < 0 || rotation > 3)
      throw new RangeError(`rotation must be 0..3, got ${rotation}`);
    this.settings.put('system', 'accelerometer_rotation', '0');
    this.settings.put('system', 'user_rotation', String(rotation));
  }

  /**
   * DisplayRotation's settings observer: locked, the display takes user_rotation (a value that is not 0..3 reads
   * as 0, as Settings.System.getInt's default); free, it takes the accelerometer's. Picture, node tree, `wm` and
   * every dumpsys read the one rotation set here.
   */
  private followRotationSettings(): void {
    const user = this.settings.get('system', 'user_rotation') ?? '0';
    const rotation = this.rotationLocked ? (/^[0-3]$/.test(user) ? Number(user) : 0) : SENSOR_ROTATION;
    if (rotation === this.rotationValue) return;
    this.rotationValue = rotation;
    const d = this.display;
    this.lab.setDisplay(d.width, d.height, rotation);
  }

  stop(): void {
    this.lab.stop();
  }
}
