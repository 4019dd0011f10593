// The lab app (com.tactile.lab) and the windows around it: one model that input changes, that
// snapshot() describes (uiautomator, helper protocol) and that the renderer paints.
import type { MapView } from './draw-map';
import { computeLayout, type LabLayout } from './layout';
import { performNativeAction } from './native-actions';
import { contains, height } from './rect';
import { buildSnapshot } from './snapshot';
import { ACTIVITIES, PANEL_HIDE_MS, initialState, visualFingerprint, type LabScreen, type LabState } from './state';
import { TouchRouter } from './touch-router';
import type { A11yNode, AppKeyEvent, AppMotionEvent, LabSnapshot, NativeAction, NativeActionArgs } from './types';
import { LAB_PACKAGE, LAUNCHER_ACTIVITY, LAUNCHER_PACKAGE, labId, type ViewSpec, type WindowSpec } from './view-spec';
import { WINDOW_IDS, buildWindows } from './windows';
import { labStateJson } from './state-json';
import { applyClick } from './clicks';
import { RECENTS_TASK_ID, SYSTEM_WINDOW_IDS, initialSystemUi, recentTasks, type AppTask } from './system-ui';
import { systemKey, textShortcut } from './system-keys';

export interface LabOptions {
  width: number;
  height: number;
  density: number;
  sdk: number;
  clock: () => number;
  /** Schedule real timers so time-driven changes (fling, playback, panel hiding) reach onChange listeners. */
  realTimers: boolean;
  log?: (tag: string, message: string, level?: 'V' | 'D' | 'I' | 'W' | 'E') => void;
  /** The system clipboard (ClipboardManager) the text field copies to and pastes from. */
  clipboard?: { get(): string; set(text: string): void };
}

/** Recents cards share one resource id (Quickstep's TaskView): the card's label tells which task it is. */
const cardKey = (id: string, label: string | undefined): string =>
  id === RECENTS_TASK_ID ? `${id}#${label ?? ''}` : id;

const KEY = {
  HOME: 3,
  BACK: 4,
  DPAD_LEFT: 21,
  DPAD_RIGHT: 22,
  ENTER: 66,
  DEL: 67,
  MEDIA_PLAY_PAUSE: 85,
  FORWARD_DEL: 112,
  MOVE_HOME: 122,
  MOVE_END: 123,
  NUMPAD_ENTER: 160,
};
const FRAME_MS = 16;

/** The lab's first process id; each cold start after a stop gets a new one. */
export const LAB_FIRST_PID = 4242;

export class Lab {
  readonly packageName = LAB_PACKAGE;
  private state: LabState;
  private layout: LabLayout;
  private rotation = 0;
  private versionCounter = 0;
  private fingerprint = '';
  private cached: {
    version: number;
    windows: WindowSpec[];
    snapshot: LabSnapshot;
    specs: Map<number, ViewSpec>;
  } | null = null;
  private readonly router: TouchRouter;
  private gestureWindow: number | null = null;
  private readonly listeners = new Set<(version: number) => void>();
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pidValue = LAB_FIRST_PID;
  private stopped = false;

  constructor(private readonly opts: LabOptions) {
    this.state = initialState(opts.clock());
    this.layout = computeLayout(opts.width, opts.height);
    this.router = new TouchRouter({
      state: this.state,
      density: opts.density,
      click: (v) => this.click(cardKey(v.resource_id ?? '', v.content_desc)),
      setProgress: (v, p) => this.setProgress(v.resource_id ?? '', p),
      touchPanel: (now) => this.touchPanel(now),
    });
    this.commit();
  }

  get sdk(): number {
    return this.opts.sdk;
  }

  /** Increments on every visible change (pixels differ only when versions differ). */
  get version(): number {
    this.update();
    return this.versionCounter;
  }

  get screen(): { width: number; height: number; rotation: number } {
    return { width: this.layout.width, height: this.layout.height, rotation: this.rotation };
  }

  /** False after KEYCODE_POWER / SLEEP until a wake key: what `dumpsys power` and `dumpsys display` report. */
  get screenOn(): boolean {
    return this.state.system.screenOn;
  }

  /** The physical panel's power mode (scrcpy's SET_DISPLAY_POWER); the picture apps draw does not change. */
  get panelOn(): boolean {
    return this.state.system.panelOn;
  }

  /** SurfaceControl.setDisplayPowerMode: the panel goes dark or lights up; the device stays awake. */
  setPanelPower(on: boolean): void {
    this.state.system.panelOn = on;
  }

  /** The activity in front, `pkg/class`, or null when the launcher shows. */
  get focusedActivity(): string | null {
    const sys = this.state.system;
    if (sys.recents) return null;
    if (sys.appFront && sys.app) return `${sys.app.packageName}/${sys.app.activity}`;
    return this.state.foreground ? `${LAB_PACKAGE}/${ACTIVITIES[this.state.screen]}` : null;
  }

  /** An installed app's launcher activity comes to front (a running task is resumed); force-stop ends it. */
  launchApp(app: AppTask): void {
    const sys = this.state.system;
    // A new task, or the running one getting a new URI (a browser opening another page).
    if (sys.app?.packageName !== app.packageName || (app.data !== undefined && sys.app.data !== app.data))
      sys.app = { ...app };
    sys.appFront = true;
    sys.recents = false;
    sys.shade = 'none';
    this.commit();
  }

  /** The lab activity at the top of its task, `pkg/class`, in front or behind; null while its process is dead. */
  get taskActivity(): string | null {
    return this.state.running ? `${LAB_PACKAGE}/${ACTIVITIES[this.state.screen]}` : null;
  }

  /** The installed (APK) app whose task runs, in front or behind; null when none runs. */
  get appTask(): AppTask | null {
    const app = this.state.system.app;
    return app ? { ...app } : null;
  }

  /** Whether the overlay app's floating window (its foreground service) is up. */
  get overlayVisible(): boolean {
    return this.state.overlayVisible;
  }

  /** am force-stop / pm uninstall of an installed app: its task goes. */
  stopApp(packageName: string): void {
    const sys = this.state.system;
    if (sys.app?.packageName !== packageName) return;
    sys.app = null;
    sys.appFront = false;
    this.commit();
  }

  setDisplay(width: number, height: number, rotation: number): void {
    this.layout = computeLayout(width, height);
    this.rotation = rotation;
    this.commit(true);
  }

  /** Advances time-driven state (playback, flings, smooth scrolls, panel hiding) to the clock. */
  update(): void {
    const now = this.opts.clock();
    const s = this.state;
    s.timeline.update(now);
    s.list.update(now);
    if (s.panelOpen && now >= s.panelHideAt) {
      s.panelOpen = false;
      this.log('panel hidden after 3 s without touch');
    }
    if (s.system.volumeUntil > 0 && now >= s.system.volumeUntil) s.system.volumeUntil = 0;
    this.commit();
  }

  snapshot(): LabSnapshot {
    return this.current().snapshot;
  }

  /** Timeline values the drawing needs beyond the accessibility tree (ticks are custom-drawn). */
  timelineView(): { center: number; secondsPerPx: number } {
    return { center: this.state.timeline.center, secondsPerPx: this.state.timeline.secondsPerPx };
  }

  /** The map view's transform (custom-drawn, like the timeline's ticks). */
  mapView(): MapView {
    const m = this.state.map;
    return { panX: m.panX, panY: m.panY, scale: m.scale, rotationRad: m.rotationRad };
  }

  /** Which window takes a touch at (x, y): the highest whose touchable region contains it. */
  windowAt(x: number, y: number): number | null {
    const w = this.current().windows.filter((win) => win.touchable_region.some((r) => contains(r, x, y)));
    return w.sort((a, b) => b.layer - a.layer)[0]?.id ?? null;
  }

  /** Delivers one motion event; returns the window the gesture belongs to. */
  dispatchMotion(ev: AppMotionEvent): number | null {
    this.update();
    if (ev.action === 'down') this.gestureWindow = this.windowAt(ev.pointers[0]!.x, ev.pointers[0]!.y);
    const target = this.gestureWindow;
    const win = this.current().windows.find((w) => w.id === target);
    if (!this.state.system.screenOn) {
      // The display is off: PhoneWindowManager drops touches instead of delivering them.
    } else if (win?.id === WINDOW_IDS.overlay && ev.action === 'down') this.state.overlayTouches++;
    else if (win && (win.layer === 1 || win.id === SYSTEM_WINDOW_IDS.shade)) this.router.handle(ev, win.root);
    if (ev.action === 'up' || ev.action === 'cancel') this.gestureWindow = null;
    this.commit();
    this.schedule();
    return target;
  }

  dispatchKey(ev: AppKeyEvent): void {
    this.update();
    const s = this.state;
    const e = s.edit;
    const sys = s.system;
    const editing =
      sys.screenOn &&
      !sys.recents &&
      !sys.appFront &&
      sys.shade === 'none' &&
      s.foreground &&
      s.screen === 'main' &&
      e.focused;
    if (systemKey(s, ev, this.opts.clock(), () => this.switchToRecentTask())) {
      // Handled by the system (PhoneWindowManager / SystemUI) before the app sees it.
    } else if (editing && textShortcut(e, ev, this.opts.clipboard)) {
      // TextView's copy / cut / paste / select-all.
    } else if (ev.action === 'up') {
      if (ev.key_code === KEY.BACK) this.back();
      else if (ev.key_code === KEY.HOME) s.foreground = false;
    } else if (editing && ev.char !== null && ev.char !== '\n') {
      e.insert(ev.char);
    } else if (editing) {
      const [a, b] = [Math.min(e.selStart, e.selEnd), Math.max(e.selStart, e.selEnd)];
      if (ev.key_code === KEY.DEL) e.deleteBackward();
      else if (ev.key_code === KEY.FORWARD_DEL) e.deleteForward();
      else if (ev.key_code === KEY.DPAD_LEFT) e.moveCursor(a === b ? a - 1 : a);
      else if (ev.key_code === KEY.DPAD_RIGHT) e.moveCursor(a === b ? b + 1 : b);
      else if (ev.key_code === KEY.MOVE_HOME) e.moveCursor(0);
      else if (ev.key_code === KEY.MOVE_END) e.moveCursor(e.text.length);
      else if (ev.key_code === KEY.ENTER || ev.key_code === KEY.NUMPAD_ENTER) this.submit();
    } else if (ev.key_code === KEY.MEDIA_PLAY_PAUSE && s.foreground) {
      s.timeline.playing = !s.timeline.playing;
    }
    this.commit();
    this.schedule();
  }

  /** AccessibilityNodeInfo.performAction on the node with this ref in the current snapshot. */
  performAction(ref: string, action: NativeAction, args?: NativeActionArgs): boolean {
    this.update();
    const node = this.findNode(ref);
    if (!node) return false;
    const l = this.layout;
    const done = performNativeAction(
      {
        state: this.state,
        now: () => this.opts.clock(),
        listViewportHeight: () => height(l.list) - Math.max(0, l.list.bottom - l.height),
        rowHeight: () => l.rowHeight,
        clickRef: (n) => this.click(cardKey(n.resource_id || n.ref, n.content_desc)),
        touchPanel: (now) => this.touchPanel(now),
      },
      node,
      action,
      args,
    );
    this.log(`performAction ${action} on ${ref}: ${done}`);
    this.commit();
    this.schedule();
    return done;
  }

  findNode(ref: string): A11yNode | undefined {
    return this.snapshot().nodes.find((n) => n.ref === ref);
  }

  /** am start: brings the lab to front on `activity` (MainActivity by default). */
  launch(activity: string = ACTIVITIES.main): boolean {
    const screen = (Object.keys(ACTIVITIES) as LabScreen[]).find((k) => ACTIVITIES[k] === activity);
    if (!screen) return false;
    if (!this.state.running) {
      this.resetState();
      // A cold start is a new process: Android gives it a new pid.
      this.pidValue += 37;
    }
    this.state.running = true;
    this.state.foreground = true;
    this.state.screen = screen;
    this.state.system.appFront = false;
    this.state.system.recents = false;
    this.state.system.shade = 'none';
    this.commit();
    return true;
  }

  /** The app process id (`pidof`, logcat's PID column); null while no process runs. */
  get pid(): number | null {
    return this.state.running ? this.pidValue : null;
  }

  /** am force-stop: the process dies, its state is lost. */
  forceStop(): void {
    this.state.running = false;
    this.state.foreground = false;
    this.state.panelOpen = false;
    this.commit();
  }

  /**
   * The device rebooted: every process is new and the system UI as at boot (the lab starts in front, its
   * overlay app's window up), the lab's unsaved state lost; the volume, a setting, survives.
   */
  reboot(): void {
    this.resetState();
    this.pidValue += 37;
    this.state.running = true;
    this.state.foreground = true;
    this.state.overlayVisible = true;
    Object.assign(this.state.system, initialSystemUi(), { volume: this.state.system.volume });
    this.commit();
  }

  /** pm clear: data wiped and process stopped. */
  clearData(): void {
    this.resetState();
    this.forceStop();
  }

  /** StatusBarManager: expand the notification shade or quick settings, or collapse both ('none'). */
  setShade(shade: 'none' | 'notifications' | 'quick_settings'): void {
    this.update();
    if (this.state.system.screenOn) this.state.system.shade = shade;
    this.commit();
  }

  setOverlayVisible(visible: boolean): void {
    this.state.overlayVisible = visible;
    this.commit();
  }

  /** The state `dumpsys tactile_lab` prints (controls keyed by resource id). */
  stateJson(): Record<string, unknown> {
    this.update();
    return labStateJson(this.state, this.opts.clock(), this.focusedActivity);
  }

  onChange(listener: (version: number) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.listeners.clear();
  }

  private current() {
    this.update();
    if (this.cached && this.cached.version === this.versionCounter) return this.cached;
    const windows = buildWindows(this.state, this.layout, this.opts.sdk);
    const { snapshot, specs } = buildSnapshot({
      version: this.versionCounter,
      timeMs: this.opts.clock(),
      width: this.layout.width,
      height: this.layout.height,
      rotation: this.rotation,
      density: this.opts.density,
      focusedActivity: this.focusedActivity ?? `${LAUNCHER_PACKAGE}/${LAUNCHER_ACTIVITY}`,
      windows,
    });
    this.cached = { version: this.versionCounter, windows, snapshot, specs };
    return this.cached;
  }

  private click(id: string): void {
    this.log(`click ${id}`);
    const card = id.startsWith(`${RECENTS_TASK_ID}#`) ? id.slice(RECENTS_TASK_ID.length + 1) : null;
    if (card !== null) {
      const task = recentTasks(this.state.system, { running: this.state.running, screen: this.state.screen }).find(
        (t) => t.label === card,
      );
      if (task) this.bringToFront(task.key);
      return;
    }
    applyClick(
      this.state,
      id,
      this.opts.clock(),
      () => this.launch(),
      () => this.forceStop(),
      (tag, m, level) => this.opts.log?.(tag, m, level),
    );
  }

  /** Quickstep: APP_SWITCH inside Recents (or a tap on the card) brings the most recent task to front. */
  private switchToRecentTask(): void {
    const s = this.state;
    const sys = s.system;
    const tasks = recentTasks(sys, { running: s.running, screen: s.screen });
    // From Home the most recent task comes back; from an app, the one behind it (Android's quick switch).
    const target = sys.recentsFrom === 'home' ? tasks[0] : (tasks[1] ?? tasks[0]);
    sys.recents = false;
    if (target) this.bringToFront(target.key);
  }

  private bringToFront(task: 'lab' | 'app'): void {
    const s = this.state;
    s.system.recents = false;
    s.system.appFront = task === 'app';
    if (task === 'lab') s.foreground = true;
    this.log(`recents: switched to ${task === 'lab' ? LAB_PACKAGE : s.system.app?.packageName}`);
  }

  private setProgress(id: string, progress: number): void {
    if (id === labId('panel_slider')) this.state.panelSlider = progress;
    else this.state.seek = progress;
  }

  private touchPanel(now: number): void {
    if (this.state.panelOpen) this.state.panelHideAt = now + PANEL_HIDE_MS;
  }

  private submit(): void {
    this.state.edit.submit();
    this.log(`IME action done: ${JSON.stringify(this.state.edit.text)}`);
  }

  private back(): void {
    const s = this.state;
    if (!s.foreground) return;
    // The map is opened from Details, so BACK returns there (the activity back stack).
    if (s.screen !== 'main') s.screen = s.screen === 'map' ? 'details' : 'main';
    else s.foreground = false;
  }

  private resetState(): void {
    const fresh = initialState(this.opts.clock());
    Object.assign(this.state, fresh, {
      timeline: this.state.timeline,
      edit: this.state.edit,
      list: this.state.list,
      map: this.state.map,
      system: this.state.system,
    });
    this.state.timeline.reset();
    this.state.edit.reset();
    this.state.list.stop();
    this.state.list.scrollTo(0);
    this.state.map.reset();
  }

  /** Bumps the version when anything visible changed (or when forced, e.g. a display change). */
  private commit(force = false): void {
    const fp = visualFingerprint(this.state, `${this.layout.width}x${this.layout.height}`);
    if (force || fp !== this.fingerprint) {
      this.fingerprint = fp;
      this.versionCounter++;
      for (const l of this.listeners) l(this.versionCounter);
    }
  }

  /** With real timers, keep ticking while something moves so onChange listeners see it. */
  private schedule(): void {
    if (!this.opts.realTimers || this.stopped || this.timer) return;
    const s = this.state;
    const animating = s.timeline.flinging || s.timeline.playing || s.list.moving;
    const hides = [s.panelOpen ? s.panelHideAt : 0, s.system.volumeUntil].filter((t) => t > 0);
    if (!animating && hides.length === 0) return;
    const delay = animating ? FRAME_MS : Math.max(0, Math.min(...hides) - this.opts.clock());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.update();
      this.schedule();
    }, delay);
    this.timer.unref?.();
  }

  private log(message: string): void {
    this.opts.log?.('TactileLab', message);
  }
}
