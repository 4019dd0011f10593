// Calibrated drags on the lab built the way the calibrated-drag tool builds them: anchors ONLY from observed
// nodes (timeline ticks and the playhead from a uiautomator observation; the seek bar's range reading), the
// drag tool's default profile, and shared/calibration's Correct step. Used by the executor integration test and
// `npm run bench:calibrated`, so both measure the product's own path.
import type { AdbServer } from '../../electron/adb';
import { observe } from '../../electron/adb';
import type { Executor } from '../../electron/executor';
import {
  buildCalibratedDrag,
  centerOn,
  positionOf,
  proposeCorrection,
  rangeAnchors,
  widestAnchors,
  type DragCall,
} from '../../shared/calibration';
import type { Receipt } from '../../shared/receipts';

const id = (name: string) => `com.tactile.lab:id/${name}`;

export interface LabDriver {
  adb: AdbServer;
  serial: string;
  executor: Executor;
}

const run = (d: LabDriver, call: DragCall | { tool: string; args: unknown }): Promise<Receipt> =>
  d.executor.run(
    { tool: call.tool, args: call.args as Record<string, unknown> },
    { serial: d.serial, owner: 'calibrated-lab' },
  );

/** The timeline's visible scale from observed tick nodes: [first, last] values shown, in seconds. */
export async function observeTimeline(d: LabDriver) {
  const obs = await observe(d.adb, d.serial);
  const ticks = obs.nodes.filter((n) => n.resource_id === id('timeline_tick'));
  const playhead = obs.nodes.find((n) => n.resource_id === id('playhead'));
  const timeline = obs.nodes.find((n) => n.resource_id === id('timeline'));
  if (!playhead || !timeline) throw new Error('the timeline exposes no playhead node');
  const anchors = widestAnchors(
    ticks.map((t) => ({ bounds_px: t.bounds_px, text: t.text })),
    'x',
    timeline.bounds_px,
  );
  if (!anchors) throw new Error('the timeline exposes no whole tick nodes');
  const b = timeline.bounds_px;
  return {
    anchors,
    indicator: centerOn(playhead.bounds_px, 'x'),
    y: Math.round(centerOn(b, 'y')),
    left: b[0],
    right: b[2],
  };
}

/** A pan that brings `target` (seconds) under the playhead, ±1 s, verified on the current_time readout. */
export async function timelinePan(d: LabDriver, target: number, durationMs?: number): Promise<DragCall> {
  const t = await observeTimeline(d);
  // Centre the finger's path on the indicator so it stays on the timeline.
  const delta = t.indicator - positionOf(target, t.anchors);
  return buildCalibratedDrag({
    start: [Math.round(t.indicator - delta / 2), t.y],
    axis: 'x',
    mode: 'pan',
    anchors: t.anchors,
    target_value: target,
    indicator_position: t.indicator,
    tolerance: 1,
    target_description: 'timeline',
    ...(durationMs !== undefined && { duration_ms: durationMs }),
    feedback: { selector: { resource_id: id('current_time') }, value_format: 'clock' },
  });
}

/** A thumb drag of the seek bar to an integer, from its range reading, read back exactly. */
export async function seekbarThumb(d: LabDriver, target: number): Promise<DragCall> {
  const r = await run(d, { tool: 'read_control', args: { selector: { resource_id: id('seekbar') } } });
  const c = r.control;
  if (!c?.range) throw new Error(`seekbar not readable: ${r.code} ${r.message}`);
  const anchors = rangeAnchors({ bounds_px: c.bounds_px, range: c.range });
  if (!anchors) throw new Error('the seekbar has no usable range');
  const y = Math.round(centerOn(c.bounds_px, 'y'));
  return buildCalibratedDrag({
    start: [positionOf(c.range.current, anchors), y],
    axis: 'x',
    mode: 'thumb',
    anchors,
    target_value: target,
    tolerance: 0.5,
    target_description: 'seekbar thumb',
    feedback: { selector: { resource_id: id('seekbar') }, value_format: 'range', tolerance: 0 },
  });
}

export interface TrialResult {
  receipts: Receipt[];
  /** Residual after each dispatch (null: no stable reading). */
  residuals: Array<number | null>;
  withinAfter: 1 | 2 | null;
  correction: string | null;
}

/** One dispatch, and the Correct step's second one when the first missed. */
export async function sendWithCorrection(d: LabDriver, call: DragCall): Promise<TrialResult> {
  const first = await run(d, call);
  const out: TrialResult = {
    receipts: [first],
    residuals: [first.feedback?.residual ?? null],
    withinAfter: null,
    correction: null,
  };
  if (first.feedback?.within_tolerance) return { ...out, withinAfter: 1 };
  const c = proposeCorrection(call, { feedback: first.feedback ?? null, calibration: first.calibration ?? null });
  if (!c.ok) return { ...out, correction: `${c.reason}: ${c.message}` };
  const second = await run(d, c.call);
  out.receipts.push(second);
  out.residuals.push(second.feedback?.residual ?? null);
  return { ...out, withinAfter: second.feedback?.within_tolerance ? 2 : null };
}
