// Forced layouts in a benchmark's span, from a Chromium trace: a Layout (or style recalculation) that runs inside
// a pointermove's event dispatch was forced by script reading geometry after a DOM write; one that runs in the
// frame's own rendering update was not. CDP's LayoutCount cannot tell the two apart, the trace can, and it names
// the script that forced it (the event's stack).
import { writeFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';

interface StackFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
  args?: { data?: { type?: string; stackTrace?: StackFrame[] }; beginData?: { stackTrace?: StackFrame[] } };
}

export interface ForcedLayouts {
  /** pointermove events dispatched in the span */
  moves: number;
  /** Layout events inside a pointermove's dispatch */
  layouts: number;
  /** style recalculations (UpdateLayoutTree) inside a pointermove's dispatch */
  styleRecalcs: number;
  /** what forced them: the innermost script frames, counted */
  forcers: Map<string, number>;
  /** every Layout on the page's thread in the span, by where in its task it ran */
  layoutsBy: Map<string, number>;
}

const CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.stack',
];

/** Runs `body` under a Chromium trace (saved as `file`) and counts the layouts and style recalculations pointermove handlers forced. */
export async function forcedLayouts(
  browser: Browser,
  page: Page,
  file: string,
  body: () => Promise<void>,
): Promise<ForcedLayouts> {
  await browser.startTracing(page, { categories: CATEGORIES });
  await body();
  const buffer = await browser.stopTracing();
  // Saved for DevTools' Performance panel.
  writeFileSync(file, buffer);
  const events = (JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  // Complete events ('X') and begin/end pairs ('B'/'E'), as spans per thread.
  const spans: Array<TraceEvent & { end: number }> = [];
  const open = new Map<string, TraceEvent[]>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}:${e.name}`;
    if (e.ph === 'X') spans.push({ ...e, end: e.ts + (e.dur ?? 0) });
    else if (e.ph === 'B') open.set(key, [...(open.get(key) ?? []), e]);
    else if (e.ph === 'E') {
      const b = open.get(key)?.pop();
      if (b) spans.push({ ...b, end: e.ts });
    }
  }
  const moves = spans.filter((s) => s.name === 'EventDispatch' && s.args?.data?.type === 'pointermove');
  const inside = (s: TraceEvent & { end: number }) =>
    moves.some((m) => m.pid === s.pid && m.tid === s.tid && s.ts >= m.ts && s.end <= m.end);
  const result: ForcedLayouts = {
    moves: moves.length,
    layouts: 0,
    styleRecalcs: 0,
    forcers: new Map(),
    layoutsBy: new Map(),
  };
  // Every Layout on the page's thread, by where it ran in its task: after the frame's animation callbacks (the
  // frame's own rendering update, once per frame at most), or before them (the input's hit-test or the frame's
  // start found the layout dirty: DOM written in a task after the previous frame).
  const main = new Set(moves.map((m) => `${m.pid}:${m.tid}`));
  const tasks = spans.filter((s) => s.name === 'RunTask' && main.has(`${s.pid}:${s.tid}`));
  const frames = spans.filter((s) => s.name === 'FireAnimationFrame' && main.has(`${s.pid}:${s.tid}`));
  for (const l of spans) {
    if (l.name !== 'Layout' || !main.has(`${l.pid}:${l.tid}`)) continue;
    const task = tasks.filter((t) => t.ts <= l.ts && t.end >= l.end).sort((a, b) => a.end - a.ts - (b.end - b.ts))[0];
    const inTask = (s: { ts: number }) => task !== undefined && s.ts >= task.ts && s.ts <= task.end;
    const where = frames.some((f) => inTask(f) && f.end <= l.ts)
      ? "the frame's rendering, after its animation callbacks"
      : frames.some((f) => inTask(f) && f.ts >= l.end) || moves.some((m) => inTask(m) && m.ts >= l.end)
        ? "a frame's start, before its input and animation callbacks (layout left dirty)"
        : 'another task';
    result.layoutsBy.set(where, (result.layoutsBy.get(where) ?? 0) + 1);
  }
  for (const s of spans) {
    const layout = s.name === 'Layout';
    if ((!layout && s.name !== 'UpdateLayoutTree') || !inside(s)) continue;
    if (layout) result.layouts++;
    else result.styleRecalcs++;
    const stack = s.args?.beginData?.stackTrace ?? s.args?.data?.stackTrace ?? [];
    const where =
      stack
        .slice(0, 3)
        .map((f) => `${f.functionName || '(anonymous)'} ${f.url.split('/').pop() ?? ''}:${f.lineNumber + 1}`)
        .join(' ← ') || '(no stack)';
    const key = `${layout ? 'layout' : 'style'}: ${where}`;
    result.forcers.set(key, (result.forcers.get(key) ?? 0) + 1);
  }
  return result;
}
