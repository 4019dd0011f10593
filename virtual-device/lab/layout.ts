// Where every lab control sits, computed from the screen size so any size and rotation works.
// Units are "design pixels" of a 1080-wide portrait phone, scaled by the short edge.
import { rect } from './rect';
import type { Rect } from './types';

export interface LabLayout {
  width: number;
  height: number;
  /** Scale from 1080-wide design pixels to screen pixels. */
  u: number;
  statusBar: Rect;
  appBar: Rect;
  content: Rect;
  playPause: Rect;
  currentTime: Rect;
  timeline: Rect;
  seekLabel: Rect;
  seekValue: Rect;
  seekbar: Rect;
  editText: Rect;
  submitted: Rect;
  checkbox: Rect;
  switchView: Rect;
  panelOpen: Rect;
  secondScreen: Rect;
  dense: Rect;
  covered: Rect;
  partlyCovered: Rect;
  overlay: Rect;
  list: Rect;
  rowHeight: number;
  panel: Rect;
  panelTitle: Rect;
  panelSlider: Rect;
  panelClose: Rect;
  /** Dense grid: cell size and count. */
  grid: Rect;
  gridCell: number;
  gridCols: number;
  gridRows: number;
}

export function computeLayout(width: number, height: number): LabLayout {
  const u = Math.min(width, height) / 1080;
  const d = (v: number) => Math.round(v * u);
  const pad = d(48);
  const gap = d(24);
  // Portrait stacks everything in one column; landscape puts the media controls left and the rest right.
  const landscape = width > height;
  const mid = Math.round(width / 2);
  const statusBar = rect(0, 0, width, d(72));
  const appBar = rect(0, statusBar.bottom, width, statusBar.bottom + d(150));
  const column = (left: number, right: number) => {
    let y = appBar.bottom + d(28);
    return {
      left,
      right,
      get y() {
        return y;
      },
      row(h: number, after = gap): Rect {
        const r = rect(left, y, right, y + d(h));
        y = r.bottom + after;
        return r;
      },
    };
  };
  const a = column(pad, landscape ? mid - pad / 2 : width - pad);
  const top = a.row(130);
  const playPause = rect(a.left, top.top, a.left + d(130), top.bottom);
  const currentTime = rect(playPause.right + d(32), top.top, a.right, top.bottom);
  const timeline = a.row(240);
  const seekRow = a.row(150);
  const seekLabel = rect(a.left, seekRow.top, a.left + d(260), seekRow.top + d(56));
  const seekValue = rect(a.right - d(160), seekRow.top, a.right, seekRow.top + d(56));
  const seekbar = rect(a.left, seekRow.top + d(62), a.right, seekRow.bottom);
  const editText = a.row(140, d(4));
  const submitted = a.row(60, d(12));
  const b = landscape ? column(mid + pad / 2, width - pad) : a;
  const half = (r: Rect): [Rect, Rect] => {
    const m = Math.round((r.left + r.right) / 2);
    return [rect(r.left, r.top, m - gap / 2, r.bottom), rect(m + gap / 2, r.top, r.right, r.bottom)];
  };
  const [checkbox, switchView] = half(b.row(120));
  const buttons = b.row(130);
  const third = (buttons.right - buttons.left - 2 * gap) / 3;
  const at = (i: number) => Math.round(buttons.left + i * (third + gap));
  const panelOpen = rect(at(0), buttons.top, Math.round(at(0) + third), buttons.bottom);
  const secondScreen = rect(at(1), buttons.top, Math.round(at(1) + third), buttons.bottom);
  const dense = rect(at(2), buttons.top, buttons.right, buttons.bottom);
  const [covered, partlyCovered] = half(b.row(130, d(32)));
  // The overlay hides all of covered_button and the left half of partly_covered_button.
  const overlay = rect(
    covered.left - d(16),
    covered.top - d(16),
    Math.round((partlyCovered.left + partlyCovered.right) / 2),
    covered.bottom + d(16),
  );
  const rowHeight = d(132);
  const list = landscape
    ? rect(b.left, b.y, b.right, Math.max(height, b.y + rowHeight * 2))
    : rect(0, b.y, width, Math.max(height, b.y + rowHeight * 4));
  const panelTop = Math.max(appBar.bottom + gap, Math.min(list.top + gap, height - d(444)));
  const panel = rect(b.left, panelTop, b.right, panelTop + d(420));
  const panelTitle = rect(panel.left + d(40), panel.top + d(32), panel.right - d(40), panel.top + d(100));
  const panelSlider = rect(
    panel.left + d(40),
    panelTitle.bottom + d(24),
    panel.right - d(40),
    panelTitle.bottom + d(124),
  );
  const panelClose = rect(
    panel.right - d(300),
    panelSlider.bottom + d(40),
    panel.right - d(40),
    panelSlider.bottom + d(160),
  );
  const gridCell = d(34);
  const grid = rect(0, appBar.bottom, width, height);
  return {
    width,
    height,
    u,
    statusBar,
    appBar,
    content: rect(0, appBar.bottom, width, height),
    playPause,
    currentTime,
    timeline,
    seekLabel,
    seekValue,
    seekbar,
    editText,
    submitted,
    checkbox,
    switchView,
    panelOpen,
    secondScreen,
    dense,
    covered,
    partlyCovered,
    overlay,
    list,
    rowHeight,
    panel,
    panelTitle,
    panelSlider,
    panelClose,
    grid,
    gridCell,
    gridCols: Math.floor(width / gridCell),
    gridRows: Math.floor((height - appBar.bottom) / gridCell),
  };
}
