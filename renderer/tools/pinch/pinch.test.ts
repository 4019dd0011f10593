// The pinch tool: each handle changes exactly its argument (centre, start span, end span, angle, rotation),
// a drag is one undo step and Esc reverts it; the drawn samples are the planner's pointers; issues are
// painted at the pixel their message names.
import { describe, expect, it } from 'vitest';
import { devicePoint, stagePoint } from '../../../shared/geometry';
import { prepareCall } from '../../../shared/prepare';
import { memoryHost } from '../gesture/memory-host';
import { createTools } from '../registry';
import type { PointerInfo } from '../state-node';
import { EMPTY_DRAFT } from '../calibrated-drag/draft';
import type { ToolContext } from '../tool-context';
import { dragPinchHandle, handlePoints, newPinch, pinchSamples, type PinchEnvelope } from './model';
import { pinchIssueAt } from './paint';
import { switchPinchSpace } from './space';

const screen = { width: 1080, height: 2400 };
const ctx: ToolContext = {
  screen: () => screen,
  hitTest: () => -1,
  select: () => undefined,
  send: () => undefined,
  notify: () => undefined,
  touch: () => ({ move: () => undefined, up: () => undefined, cancel: () => undefined }),
  setFeedback: () => undefined,
  setTimer: () => 0,
  clearTimer: () => undefined,
  nodes: () => [],
  selectedStep: () => null,
  editStep: () => undefined,
  calibratedDraft: () => EMPTY_DRAFT,
  updateCalibratedDraft: () => undefined,
};
const at = (x: number, y: number): PointerInfo => ({
  stage: stagePoint(x / 4, y / 4),
  device: devicePoint(x, y),
  onScreen: true,
  button: 0,
  timeMs: 0,
  stageScale: 0.25,
});

describe('pinch tool', () => {
  it('handles sit on the fingers at start and end; each drags exactly its argument', () => {
    const e = newPinch(); // centre 540,1200 px; spans 216 → 540 px; angle 0, rotation 45
    const h = handlePoints(e, screen)!;
    expect(h.centre).toEqual({ x: 540, y: 1200 });
    expect(h.start).toEqual({ x: 540 + 108, y: 1200 });
    expect(h.angle).toEqual({ x: 540 - 108, y: 1200 });
    const a = (to: [number, number], handle: Parameters<typeof dragPinchHandle>[1]) =>
      dragPinchHandle(e, handle, devicePoint(...to), screen).args;
    expect(a([540 + 270, 1200], 'start')).toMatchObject({
      start_span: 500,
      end_span: 500,
      angle_degrees: 0,
      rotation_degrees: 45,
    });
    expect(a([540, 1200 + 540], 'end')).toMatchObject({ start_span: 200, end_span: 1000 });
    expect(a([540, 1200 - 100], 'angle')).toMatchObject({ angle_degrees: 90, rotation_degrees: 45, start_span: 200 });
    expect(a([540 - 100, 1200 - 100], 'rotation')).toMatchObject({ angle_degrees: 0, rotation_degrees: 45 });
    expect(a([540 + 100, 1200 - 100], 'rotation')).toMatchObject({ rotation_degrees: 135 });
    expect(a([300, 600], 'centre').center).toEqual([278, 250]);
  });

  it('a handle drag is one undo step; Esc reverts it', () => {
    const host = memoryHost<PinchEnvelope>(() => screen);
    const { pinch } = createTools(ctx, undefined, host);
    pinch.pinchOrNew();
    pinch.pointerDown(at(648, 1200));
    expect(pinch.state).toBe('dragging');
    pinch.pointerMove(at(700, 1200));
    pinch.pointerUp(at(810, 1200));
    expect(host.gesture()!.args.start_span).toBe(500);
    host.undo();
    expect(host.gesture()!.args.start_span).toBe(200);
    pinch.pointerDown(at(540, 1200));
    pinch.pointerMove(at(100, 100));
    pinch.cancel();
    expect(host.gesture()!.args.center).toEqual([500, 500]);
  });

  it('the drawn samples are the plan prepareCall dispatches; issues are painted where their message says', () => {
    const e = newPinch();
    const r = prepareCall(e, screen, null);
    if (!r.ok) throw new Error('refused');
    const samples = pinchSamples(e, screen);
    expect(samples.map((s) => s[0])).toEqual(r.plan.pointers[0]!.keyframes.map((k) => k.t_ms));
    expect(samples.map((s) => [s[1], s[2], s[3], s[4]])).toEqual(
      r.plan.pointers[0]!.keyframes.map((k, i) => [
        k.x,
        k.y,
        r.plan.pointers[1]!.keyframes[i]!.x,
        r.plan.pointers[1]!.keyframes[i]!.y,
      ]),
    );
    const off = prepareCall({ ...e, args: { ...e.args, end_span: 3000 } }, screen, null);
    expect(off.ok).toBe(false);
    const issue = off.ok ? null : off.issues[0]!;
    expect(issue?.code).toBe('OFF_SCREEN');
    expect(pinchIssueAt(issue!, null)).not.toBeNull();
  });

  it('normalized → pixel keeps every pixel; the spans convert against the short edge', () => {
    const s = switchPinchSpace(newPinch(), 'pixel', screen);
    expect(s.envelope.args).toMatchObject({
      coordinate_space: 'pixel',
      center: [540, 1200],
      start_span: 216,
      end_span: 540,
    });
    expect(s.centreShiftPx).toBe(0);
    expect(s.spanShiftPx).toBe(0);
  });
});
