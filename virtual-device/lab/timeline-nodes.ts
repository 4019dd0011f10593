// The timeline's virtual children, as a custom view exposes them through ExploreByTouchHelper: one node per
// labelled (major) tick, text = its HH:MM:SS label, bounds = the label box centred on the tick's pixel column,
// and the fixed playhead. Ticks are computed exactly as draw-timeline paints them, so a node's centre is the
// drawn tick. Only ticks whose whole label box lies inside the timeline are exposed (a label cut by the
// edge is not readable, and its clipped bounds would no longer be centred on the tick).
import { formatClock } from './clock-format';
import { rect } from './rect';
import { tickStep } from './timeline-model';
import type { Rect } from './types';
import { labId, type ViewSpec } from './view-spec';

export function timelineChildren(r: Rect, view: { center: number; secondsPerPx: number }, u: number): ViewSpec[] {
  const w = r.right - r.left;
  const h = r.bottom - r.top;
  const cx = r.left + w / 2;
  const axisY = r.top + h * 0.62;
  const half = Math.round(76 * u);
  const major = tickStep(view.secondsPerPx, 230 * u);
  const first = Math.ceil((view.center - (w / 2) * view.secondsPerPx) / major) * major;
  const last = view.center + (w / 2) * view.secondsPerPx;
  const ticks: ViewSpec[] = [];
  for (let sec = first; sec <= last; sec += major) {
    if (sec < 0 || sec >= 86400) continue;
    const x = Math.round(cx + (sec - view.center) / view.secondsPerPx);
    const bounds = rect(x - half, Math.round(axisY - 90 * u), x + half, Math.round(axisY));
    if (bounds.left < r.left || bounds.right > r.right) continue;
    ticks.push({
      class_name: 'android.view.View',
      resource_id: labId('timeline_tick'),
      text: formatClock(sec),
      widget: 'timeline_tick',
      bounds,
    });
  }
  const playhead = rect(Math.round(cx - 2 * u), r.top, Math.round(cx + 2 * u), r.bottom);
  ticks.push({
    class_name: 'android.view.View',
    resource_id: labId('playhead'),
    content_desc: 'Playhead',
    widget: 'playhead',
    bounds: playhead,
  });
  return ticks;
}
