// The simulated system around the apps, as Android's SystemUI, Quickstep and PhoneWindowManager behave:
// Recents (the overview of running tasks: APP_SWITCH opens it, a second APP_SWITCH switches to the most recent
// task, tapping a card brings that task to front), the notification shade and quick settings, the volume
// panel (STREAM_MUSIC, index 0..15, shown for 3 s after a volume key) and the screen power state.
import type { LabLayout } from './layout';
import { rect } from './rect';
import type { A11yActionName } from './types';
import { LAUNCHER_PACKAGE, SYSTEMUI_PACKAGE, type ViewSpec, type WindowSpec } from './view-spec';

export type Shade = 'none' | 'notifications' | 'quick_settings';

/** An installed app's task (it runs no code: its activity shows its label). */
export interface AppTask {
  packageName: string;
  label: string;
  activity: string;
  /** The URI the activity was started with (a browser's page), shown under its title bar. */
  data?: string;
}

export interface SystemUi {
  recents: boolean;
  /** What was in front when Recents opened: its card comes first, and a second APP_SWITCH goes to the one behind. */
  recentsFrom: 'lab' | 'app' | 'home';
  /** The running task of an installed app, and whether it is in front of the lab / launcher. */
  app: AppTask | null;
  appFront: boolean;
  shade: Shade;
  screenOn: boolean;
  /**
   * The physical panel's power mode (SurfaceControl.setDisplayPowerMode, which scrcpy's SET_DISPLAY_POWER uses):
   * off, the panel is dark while the device stays awake and its displays keep being composed (a mirror goes on
   * showing them). Waking the device from sleep lights the panel again.
   */
  panelOn: boolean;
  /** AudioManager STREAM_MUSIC index. */
  volume: number;
  /** Device clock ms until which the volume panel shows; 0 when hidden. */
  volumeUntil: number;
}

export const VOLUME_MAX = 15;
export const VOLUME_PANEL_MS = 3000;
export const SYSTEM_WINDOW_IDS = { recents: 8, shade: 9, volume: 10, screen_off: 11, app: 12 } as const;
export const RECENTS_TASK_ID = `${LAUNCHER_PACKAGE}:id/task_view`;
export const RECENTS_CLEAR_ALL_ID = `${LAUNCHER_PACKAGE}:id/clear_all`;
export const RECENTS_EMPTY_ID = `${LAUNCHER_PACKAGE}:id/recents_view`;
export const SHADE_SCRIM_ID = `${SYSTEMUI_PACKAGE}:id/scrim_behind`;

export function initialSystemUi(): SystemUi {
  return {
    recents: false,
    recentsFrom: 'home',
    app: null,
    appFront: false,
    shade: 'none',
    screenOn: true,
    panelOn: true,
    volume: 8,
    volumeUntil: 0,
  };
}

const CLICK: A11yActionName[] = ['ACTION_FOCUS', 'ACTION_CLICK'];

export interface RecentTask {
  key: 'lab' | 'app';
  label: string;
  screen: string;
}

/** The running tasks as Recents orders them: the one in front when it opened first. */
export function recentTasks(sys: SystemUi, lab: { running: boolean; screen: string }): RecentTask[] {
  const tasks: RecentTask[] = [];
  if (lab.running) tasks.push({ key: 'lab', label: 'Tactile Lab', screen: lab.screen });
  if (sys.app)
    tasks.push({ key: 'app', label: sys.app.label, screen: sys.app.activity.split('.').pop() ?? sys.app.activity });
  return sys.recentsFrom === 'app' ? tasks.reverse() : tasks;
}

/** Quickstep's overview: a card per running task (most recent first, side by side), Clear all below. */
export function buildRecents(l: LabLayout, tasks: RecentTask[]): WindowSpec {
  const d = (v: number) => Math.round(v * l.u);
  const full = rect(0, 0, l.width, l.height);
  const children: ViewSpec[] = [];
  if (tasks.length > 0) {
    const w = Math.round(l.width * 0.62);
    const h = Math.round(Math.min(l.height * 0.62, w * (l.height / l.width)));
    const top = Math.round(l.statusBar.bottom + (l.height - l.statusBar.bottom - h) / 2 - d(40));
    tasks.forEach((task, i) => {
      // The front card is centred; the next one peeks in from the left, as Quickstep lays them out.
      const left = Math.round((l.width - w) / 2) - i * (w + d(60));
      children.push({
        class_name: 'android.widget.FrameLayout',
        resource_id: RECENTS_TASK_ID,
        content_desc: task.label,
        widget: 'task_card',
        bounds: rect(left, top, left + w, top + h),
        touch: 'click',
        flags: { clickable: true, focusable: true },
        actions: CLICK,
        children: [
          {
            class_name: 'android.widget.TextView',
            resource_id: `${LAUNCHER_PACKAGE}:id/task_title`,
            text: task.label,
            widget: 'title',
            bounds: rect(left + d(24), top - d(90), left + w, top - d(20)),
          },
          {
            class_name: 'android.widget.TextView',
            resource_id: `${LAUNCHER_PACKAGE}:id/task_screen`,
            text: task.screen,
            widget: 'text',
            bounds: rect(left + d(40), top + d(200), left + w - d(40), top + d(280)),
          },
        ],
      });
    });
    const cw = d(300);
    children.push({
      class_name: 'android.widget.Button',
      resource_id: RECENTS_CLEAR_ALL_ID,
      text: 'Clear all',
      widget: 'button',
      bounds: rect(Math.round((l.width - cw) / 2), top + h + d(60), Math.round((l.width + cw) / 2), top + h + d(170)),
      touch: 'click',
      flags: { clickable: true, focusable: true },
      actions: CLICK,
    });
  } else {
    children.push({
      class_name: 'android.widget.TextView',
      resource_id: `${LAUNCHER_PACKAGE}:id/recents_empty`,
      text: 'No recent items',
      widget: 'title',
      bounds: rect(d(48), Math.round(l.height / 2) - d(40), l.width - d(48), Math.round(l.height / 2) + d(40)),
    });
  }
  return {
    id: SYSTEM_WINDOW_IDS.recents,
    layer: 1,
    type: 'TYPE_APPLICATION',
    wm_type: 'TYPE_BASE_APPLICATION',
    title: 'RecentsActivity',
    package_name: LAUNCHER_PACKAGE,
    bounds: full,
    touchable_region: [full],
    focused: true,
    active: true,
    root: {
      class_name: 'android.widget.FrameLayout',
      resource_id: RECENTS_EMPTY_ID,
      widget: 'recents',
      bounds: full,
      touch: 'click',
      children,
    },
  };
}

const QS_TILES = ['Internet', 'Bluetooth', 'Flashlight', 'Auto-rotate', 'Do Not Disturb', 'Airplane mode'];

/** The notification shade (notifications of running apps) or quick settings (tiles), pulled down from the top. */
export function buildShade(l: LabLayout, shade: Exclude<Shade, 'none'>, notifications: string[]): WindowSpec {
  const d = (v: number) => Math.round(v * l.u);
  const bottom = Math.min(l.height, l.statusBar.bottom + d(shade === 'quick_settings' ? 900 : 700));
  const bounds = rect(0, 0, l.width, bottom);
  const children: ViewSpec[] = [
    {
      class_name: 'android.widget.TextView',
      resource_id: `${SYSTEMUI_PACKAGE}:id/shade_title`,
      text: shade === 'quick_settings' ? 'Quick settings' : 'Notifications',
      widget: 'title',
      bounds: rect(d(48), l.statusBar.bottom + d(30), l.width - d(48), l.statusBar.bottom + d(120)),
    },
  ];
  if (shade === 'quick_settings') {
    const cols = 2;
    const tw = Math.floor((l.width - d(48) * 2 - d(24)) / cols);
    QS_TILES.forEach((label, i) => {
      const x = d(48) + (i % cols) * (tw + d(24));
      const y = l.statusBar.bottom + d(160) + Math.floor(i / cols) * d(200);
      children.push({
        class_name: 'android.widget.Switch',
        resource_id: `${SYSTEMUI_PACKAGE}:id/qs_tile_${i}`,
        text: label,
        widget: 'qs_tile',
        bounds: rect(x, y, x + tw, y + d(170)),
        flags: { clickable: true, focusable: true, checkable: true },
        actions: CLICK,
      });
    });
  } else {
    const texts = notifications.length > 0 ? notifications : ['No notifications'];
    texts.forEach((text, i) => {
      const y = l.statusBar.bottom + d(160) + i * d(190);
      children.push({
        class_name: 'android.widget.FrameLayout',
        resource_id: `${SYSTEMUI_PACKAGE}:id/notification_${i}`,
        text,
        widget: 'notification',
        bounds: rect(d(32), y, l.width - d(32), y + d(170)),
      });
    });
  }
  // The shade's window covers the screen: a tap below the panel collapses it, as on a phone.
  const full = rect(0, 0, l.width, l.height);
  return {
    id: SYSTEM_WINDOW_IDS.shade,
    layer: 4,
    type: 'TYPE_SYSTEM',
    wm_type: 'TYPE_NOTIFICATION_SHADE',
    title: 'NotificationShade',
    package_name: SYSTEMUI_PACKAGE,
    bounds: full,
    touchable_region: [full],
    focused: true,
    active: true,
    root: {
      class_name: 'android.widget.FrameLayout',
      resource_id: SHADE_SCRIM_ID,
      widget: 'container',
      bounds: full,
      touch: 'click',
      children: [
        {
          class_name: 'android.widget.FrameLayout',
          resource_id: `${SYSTEMUI_PACKAGE}:id/notification_panel`,
          widget: 'shade',
          bounds,
          touch: 'click',
          children,
        },
      ],
    },
  };
}

/** The volume dialog: a vertical bar at the right edge, its range the stream's index. */
export function buildVolumePanel(l: LabLayout, volume: number): WindowSpec {
  const d = (v: number) => Math.round(v * l.u);
  const bounds = rect(
    l.width - d(170),
    Math.round(l.height * 0.25),
    l.width - d(30),
    Math.round(l.height * 0.25) + d(560),
  );
  return {
    id: SYSTEM_WINDOW_IDS.volume,
    layer: 5,
    type: 'TYPE_SYSTEM',
    wm_type: 'TYPE_VOLUME_OVERLAY',
    title: 'VolumeDialog',
    package_name: SYSTEMUI_PACKAGE,
    bounds,
    touchable_region: [bounds],
    focused: false,
    active: false,
    root: {
      class_name: 'android.widget.SeekBar',
      resource_id: `${SYSTEMUI_PACKAGE}:id/volume_row_slider`,
      content_desc: 'Media volume',
      widget: 'volume_bar',
      bounds,
      range: { type: 'int', min: 0, max: VOLUME_MAX, current: volume },
    },
  };
}

/** With the display off nothing is lit: one black window over everything (touches are not delivered). */
export function buildScreenOff(l: LabLayout): WindowSpec {
  const full = rect(0, 0, l.width, l.height);
  return {
    id: SYSTEM_WINDOW_IDS.screen_off,
    layer: 9,
    type: 'TYPE_SYSTEM',
    wm_type: 'TYPE_SECURE_SYSTEM_OVERLAY',
    title: 'ScreenOff',
    package_name: 'android',
    bounds: full,
    touchable_region: [],
    focused: false,
    active: false,
    root: { class_name: 'android.view.View', widget: 'scrim', bounds: full },
  };
}

/** An installed app's activity: it runs no code, so its window is its title bar and label. */
export function buildAppWindow(l: LabLayout, app: AppTask, appBar: ViewSpec): WindowSpec {
  const full = rect(0, 0, l.width, l.height);
  const d = (v: number) => Math.round(v * l.u);
  return {
    id: SYSTEM_WINDOW_IDS.app,
    layer: 1,
    type: 'TYPE_APPLICATION',
    wm_type: 'TYPE_BASE_APPLICATION',
    title: app.activity.split('.').pop() ?? app.activity,
    package_name: app.packageName,
    bounds: full,
    touchable_region: [full],
    focused: true,
    active: true,
    root: {
      class_name: 'android.widget.FrameLayout',
      widget: 'root',
      bounds: full,
      children: [
        appBar,
        {
          class_name: 'android.widget.TextView',
          text: `${app.label} is running`,
          widget: 'text',
          bounds: rect(d(48), l.appBar.bottom + d(48), l.width - d(48), l.appBar.bottom + d(140)),
        },
        ...(app.data === undefined
          ? []
          : [
              {
                class_name: 'android.widget.EditText',
                resource_id: `${app.packageName}:id/url_field`,
                text: app.data,
                widget: 'text' as const,
                bounds: rect(d(48), l.appBar.bottom + d(160), l.width - d(48), l.appBar.bottom + d(260)),
                flags: { focusable: true, editable: true, clickable: true },
              },
            ]),
      ],
    },
  };
}
