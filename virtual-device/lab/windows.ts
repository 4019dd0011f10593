// The window stack on screen: the focused app (or launcher), the overlay above it and the status bar on top.
import type { LabLayout } from './layout';
import { rect } from './rect';
import { ACTIVITIES, type LabState } from './state';
import {
  LAB_PACKAGE,
  LAUNCHER_PACKAGE,
  OVERLAY_PACKAGE,
  SYSTEMUI_PACKAGE,
  type ViewSpec,
  type WindowSpec,
} from './view-spec';
import { buildMainScreen } from './views-main';
import { buildMapScreen } from './views-map';
import { buildDetailsScreen, buildGridScreen, buildLauncher, buildOverlay, buildStatusBar } from './views-other';
import { buildAppWindow, buildRecents, buildScreenOff, buildShade, buildVolumePanel, recentTasks } from './system-ui';
import { toolbar } from './views-main';

export const WINDOW_IDS = { main: 1, status_bar: 2, overlay: 3, details: 4, grid: 5, launcher: 6, map: 7 } as const;

export function buildWindows(s: LabState, l: LabLayout, sdk: number): WindowSpec[] {
  const windows: WindowSpec[] = [];
  const sys = s.system;
  if (!sys.screenOn) windows.push(buildScreenOff(l));
  if (sys.volumeUntil > 0) windows.push(buildVolumePanel(l, sys.volume));
  if (sys.shade !== 'none') windows.push(buildShade(l, sys.shade, s.running ? ['Tactile Lab · running'] : []));
  windows.push({
    id: WINDOW_IDS.status_bar,
    layer: 3,
    type: 'TYPE_SYSTEM',
    wm_type: 'TYPE_STATUS_BAR',
    title: 'StatusBar',
    package_name: SYSTEMUI_PACKAGE,
    bounds: l.statusBar,
    touchable_region: [l.statusBar],
    focused: false,
    active: false,
    root: buildStatusBar(l),
  });
  if (s.overlayVisible) {
    windows.push({
      id: WINDOW_IDS.overlay,
      layer: 2,
      type: 'TYPE_SYSTEM',
      wm_type: 'TYPE_APPLICATION_OVERLAY',
      title: 'Overlay',
      package_name: OVERLAY_PACKAGE,
      bounds: l.overlay,
      touchable_region: [l.overlay],
      focused: false,
      active: false,
      root: buildOverlay(l),
    });
  }
  const full = rect(0, 0, l.width, l.height);
  if (sys.recents) {
    windows.push(
      buildRecents(
        l,
        recentTasks(sys, { running: s.running, screen: ACTIVITIES[s.screen].split('.').pop() ?? s.screen }),
      ),
    );
    return windows;
  }
  if (sys.app && sys.appFront) {
    // The app bar is the lab's toolbar widget carrying the app's label, under the app's own resource ids.
    const pkg = sys.app.packageName;
    const own = (v: ViewSpec): ViewSpec => ({
      ...v,
      ...(v.resource_id && { resource_id: v.resource_id.replace(`${LAB_PACKAGE}:`, `${pkg}:`) }),
      ...(v.children && { children: v.children.map(own) }),
    });
    windows.push(buildAppWindow(l, sys.app, own(toolbar(l, sys.app.label, false))));
    return windows;
  }
  if (!s.foreground) {
    windows.push({
      id: WINDOW_IDS.launcher,
      layer: 1,
      type: 'TYPE_APPLICATION',
      wm_type: 'TYPE_BASE_APPLICATION',
      title: 'Launcher',
      package_name: LAUNCHER_PACKAGE,
      bounds: full,
      touchable_region: [full],
      focused: true,
      active: true,
      root: buildLauncher(l),
    });
    return windows;
  }
  const screens: Record<typeof s.screen, () => ViewSpec[]> = {
    main: () => buildMainScreen(s, l, sdk),
    details: () => buildDetailsScreen(s, l),
    grid: () => buildGridScreen(l),
    map: () => buildMapScreen(l),
  };
  const children = screens[s.screen]();
  windows.push({
    id: WINDOW_IDS[s.screen],
    layer: 1,
    type: 'TYPE_APPLICATION',
    wm_type: 'TYPE_BASE_APPLICATION',
    title: ACTIVITIES[s.screen].split('.').pop() ?? s.screen,
    package_name: LAB_PACKAGE,
    bounds: full,
    touchable_region: [full],
    focused: true,
    active: true,
    root: { class_name: 'android.widget.FrameLayout', widget: 'root', bounds: full, children },
  });
  return windows;
}
