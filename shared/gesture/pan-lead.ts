// A calibrated pan shorter than the app's touch slop would move nothing: GestureDetector (and the lab's
// timeline, which behaves like it) starts scrolling only once the finger is farther than the slop from the down
// (ViewConfiguration: 8 dp, 21 px at 420 dpi, 32 px at 640 dpi), and from then on scrolls by the WHOLE distance
// from the down point. So a short pan first leads the finger PAN_LEAD_PX from the start along the axis, past any
// phone's slop, then to the end point and rests there: the content moves by exactly end − start. Views that
// subtract the slop on their first scroll (ScrollView, RecyclerView) are off by the slop with or without a lead;
// Correct measures what the app did either way. The planner knows no density, so the lead is one constant
// (8 dp up to 960 dpi): the preview and the executor plan the same path.
import { pointInRegion, type RegionTuple, type ScreenSize } from '../geometry';

export const PAN_LEAD_PX = 48;

type Point = { x: number; y: number };

/**
 * Where the finger leads to before a pan from `a` to `b` along `axis`, or null when the pan is long enough or
 * has no length. The lead goes the pan's way when that stays on screen (and in the region), else the other way.
 */
export function panLeadPoint(
  a: Point,
  b: Point,
  axis: 'x' | 'y',
  screen: ScreenSize,
  regionPx: RegionTuple | null,
): Point | null {
  const d = axis === 'x' ? b.x - a.x : b.y - a.y;
  if (d === 0 || Math.abs(d) >= PAN_LEAD_PX) return null;
  for (const sign of [Math.sign(d), -Math.sign(d)]) {
    const p = axis === 'x' ? { x: a.x + sign * PAN_LEAD_PX, y: a.y } : { x: a.x, y: a.y + sign * PAN_LEAD_PX };
    const onScreen = p.x >= 0 && p.y >= 0 && p.x < screen.width && p.y < screen.height;
    if (onScreen && (regionPx === null || pointInRegion(p.x, p.y, regionPx))) return p;
  }
  return null;
}
