// Layout checks run in the page: the device picture's box, and every visible control (buttons, fields, selects,
// tabs, checkbox labels) inside the window, not clipped by a container that hides its overflow, and not
// overlapping another control. A control is visible when the element at its centre or near one of its corners
// is itself (or inside it): one covered by a floating panel, or scrolled out of its list, is not on screen and
// is not judged; one cut by its column's edge is.
import type { Page } from 'playwright-core';

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export async function pictureBox(page: Page): Promise<Box> {
  const box = await page.getByTestId('overlay').boundingBox();
  if (!box) throw new Error('no device picture on the stage');
  return box;
}

export async function controlProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const SELECTOR = 'button, input:not([type=hidden]), select, textarea, [role=tab], label.check';
    const name = (el: Element) => {
      const id =
        el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 30);
      return `${el.tagName.toLowerCase()}[${id}]`;
    };
    const visible = (el: Element, r: DOMRect) => {
      if (r.width < 1 || r.height < 1) return false;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      const inset = Math.min(2, r.width / 2, r.height / 2);
      const points = [
        [r.left + r.width / 2, r.top + r.height / 2],
        [r.left + inset, r.top + inset],
        [r.right - inset, r.top + inset],
        [r.left + inset, r.bottom - inset],
        [r.right - inset, r.bottom - inset],
      ];
      return points.some(([x, y]) => {
        const hit = document.elementFromPoint(
          Math.min(Math.max(x!, 0), window.innerWidth - 1),
          Math.min(Math.max(y!, 0), window.innerHeight - 1),
        );
        return (
          hit !== null && (hit === el || el.contains(hit) || (el instanceof HTMLLabelElement && el.control === hit))
        );
      });
    };
    const problems: string[] = [];
    const shown: Array<{ el: Element; r: DOMRect }> = [];
    for (const el of Array.from(document.querySelectorAll(SELECTOR))) {
      const r = el.getBoundingClientRect();
      if (!visible(el, r)) continue;
      shown.push({ el, r });
      // Inside a scrolled list only the part its list shows is on screen: that part must be in the window.
      let v = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        if (!/auto|scroll/.test(s.overflowX + s.overflowY)) continue;
        const c = a.getBoundingClientRect();
        v = {
          left: Math.max(v.left, c.left),
          top: Math.max(v.top, c.top),
          right: Math.min(v.right, c.right),
          bottom: Math.min(v.bottom, c.bottom),
        };
        break;
      }
      if (v.left < -0.5 || v.top < -0.5 || v.right > window.innerWidth + 0.5 || v.bottom > window.innerHeight + 0.5) {
        problems.push(
          `${name(el)} outside the window: ${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)}`,
        );
        continue;
      }
      // Clipped: cut by an ancestor that hides its overflow without scrolling it.
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const s = getComputedStyle(a);
        const hides = (o: string) => o === 'hidden' || o === 'clip';
        const scrolls = (o: string) => o === 'auto' || o === 'scroll';
        if (scrolls(s.overflowX) || scrolls(s.overflowY)) break;
        if (!hides(s.overflowX) && !hides(s.overflowY)) continue;
        const c = a.getBoundingClientRect();
        const cutX = hides(s.overflowX) && (r.left < c.left - 0.5 || r.right > c.right + 0.5);
        const cutY = hides(s.overflowY) && (r.top < c.top - 0.5 || r.bottom > c.bottom + 0.5);
        if (cutX || cutY) {
          problems.push(
            `${name(el)} clipped by ${a.tagName.toLowerCase()}.${a.className}: ${Math.round(r.left)}..${Math.round(r.right)} × ${Math.round(r.top)}..${Math.round(r.bottom)} in ${Math.round(c.left)}..${Math.round(c.right)} × ${Math.round(c.top)}..${Math.round(c.bottom)}`,
          );
          break;
        }
      }
    }
    for (let i = 0; i < shown.length; i++) {
      for (let j = i + 1; j < shown.length; j++) {
        const a = shown[i]!;
        const b = shown[j]!;
        if (a.el.contains(b.el) || b.el.contains(a.el)) continue;
        const w = Math.min(a.r.right, b.r.right) - Math.max(a.r.left, b.r.left);
        const hgt = Math.min(a.r.bottom, b.r.bottom) - Math.max(a.r.top, b.r.top);
        if (w > 1 && hgt > 1)
          problems.push(`${name(a.el)} overlaps ${name(b.el)} by ${Math.round(w)}×${Math.round(hgt)}`);
      }
    }
    return problems;
  });
}

/** Pairs of stage labels (every layer's, as placed on their last draw) that overlap; empty when none do. */
export async function stageLabelOverlaps(page: Page): Promise<{ labels: number; overlaps: string[] }> {
  return page.evaluate(() => {
    type Box = { x: number; y: number; width: number; height: number };
    const layers: Map<string, Box[]> =
      (globalThis as { __tactileStageLabels?: Map<string, Box[]> }).__tactileStageLabels ?? new Map<string, Box[]>();
    const all = [...layers].flatMap(([layer, boxes]) => boxes.map((b, i) => ({ name: `${layer}#${i}`, ...b })));
    const overlaps: string[] = [];
    all.forEach((a, i) =>
      all.slice(i + 1).forEach((b) => {
        if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height)
          overlaps.push(`${a.name} overlaps ${b.name}`);
      }),
    );
    return { labels: all.length, overlaps };
  });
}
