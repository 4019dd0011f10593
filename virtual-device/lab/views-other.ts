// The lab's other screens and the windows around it: details, the ~2,000-node grid, the launcher,
// the status bar and the overlay of com.tactile.overlay.
import type { LabLayout } from './layout';
import type { LabState } from './state';
import { rect } from './rect';
import type { A11yActionName } from './types';
import { LAUNCHER_PACKAGE, OVERLAY_PACKAGE, SYSTEMUI_PACKAGE, type ViewSpec } from './view-spec';
import { button, textView, toolbar } from './views-main';

export function buildDetailsScreen(s: LabState, l: LabLayout): ViewSpec[] {
  const d = (v: number) => Math.round(v * l.u);
  return [
    toolbar(l, 'Details', true),
    textView(
      'details_body',
      'This is the second screen. Press Back to return.',
      rect(d(48), l.appBar.bottom + d(48), l.width - d(48), l.appBar.bottom + d(200)),
    ),
    button('map_button', 'Map', rect(d(48), l.appBar.bottom + d(240), d(348), l.appBar.bottom + d(372))),
    button('sync_button', 'Sync', rect(d(48), l.appBar.bottom + d(412), d(348), l.appBar.bottom + d(544))),
    textView(
      'sync_status',
      s.sync.status,
      rect(d(48), l.appBar.bottom + d(584), l.width - d(48), l.appBar.bottom + d(680)),
    ),
  ];
}

export function buildGridScreen(l: LabLayout): ViewSpec[] {
  const cells: ViewSpec[] = [];
  const actions: A11yActionName[] = ['ACTION_FOCUS', 'ACTION_CLICK'];
  for (let r = 0; r < l.gridRows; r++) {
    for (let c = 0; c < l.gridCols; c++) {
      const n = r * l.gridCols + c;
      const x = l.grid.left + c * l.gridCell;
      const y = l.grid.top + r * l.gridCell;
      cells.push({
        class_name: 'android.widget.TextView',
        resource_id: `com.tactile.lab:id/cell_${n}`,
        text: String(n),
        widget: 'cell',
        bounds: rect(x, y, x + l.gridCell, y + l.gridCell),
        touch: 'click',
        flags: { clickable: true, focusable: true },
        actions,
      });
    }
  }
  return [
    toolbar(l, 'Grid', true),
    {
      class_name: 'android.widget.GridLayout',
      resource_id: 'com.tactile.lab:id/grid',
      widget: 'grid',
      bounds: l.grid,
      children: cells,
    },
  ];
}

export function buildLauncher(l: LabLayout): ViewSpec {
  const d = (v: number) => Math.round(v * l.u);
  const x = d(80);
  const y = l.statusBar.bottom + d(160);
  return {
    class_name: 'android.widget.FrameLayout',
    widget: 'root',
    bounds: rect(0, 0, l.width, l.height),
    children: [
      {
        class_name: 'android.widget.TextView',
        resource_id: `${LAUNCHER_PACKAGE}:id/icon`,
        text: 'Tactile Lab',
        content_desc: 'Tactile Lab',
        widget: 'launcher_icon',
        bounds: rect(x, y, x + d(220), y + d(260)),
        touch: 'click',
        flags: { clickable: true, focusable: true, long_clickable: true },
        actions: ['ACTION_FOCUS', 'ACTION_CLICK', 'ACTION_LONG_CLICK'],
      },
    ],
  };
}

export function buildStatusBar(l: LabLayout): ViewSpec {
  const d = (v: number) => Math.round(v * l.u);
  return {
    class_name: 'android.widget.FrameLayout',
    resource_id: `${SYSTEMUI_PACKAGE}:id/status_bar`,
    widget: 'status_bar',
    bounds: l.statusBar,
    children: [
      {
        class_name: 'android.widget.TextView',
        resource_id: `${SYSTEMUI_PACKAGE}:id/clock`,
        text: '12:00',
        widget: 'text',
        bounds: rect(d(48), l.statusBar.top + d(12), d(200), l.statusBar.bottom - d(12)),
      },
    ],
  };
}

export function buildOverlay(l: LabLayout): ViewSpec {
  const d = (v: number) => Math.round(v * l.u);
  const o = l.overlay;
  return {
    class_name: 'android.widget.FrameLayout',
    resource_id: `${OVERLAY_PACKAGE}:id/overlay_root`,
    widget: 'overlay',
    bounds: o,
    children: [
      {
        class_name: 'android.widget.TextView',
        resource_id: `${OVERLAY_PACKAGE}:id/overlay_text`,
        text: 'Floating overlay',
        widget: 'text',
        bounds: rect(o.left + d(40), o.top + d(40), o.right - d(40), o.bottom - d(40)),
      },
    ],
  };
}
