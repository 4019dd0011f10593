// The gesture editor's state machine and model: a handle drag is one undo step and Esc reverts it, arrows nudge
// by one device pixel (Shift ×10), the keyframe in focus wins a shared handle, prepareCall's issues land on the
// frame/finger/segments they name, the space switch reports what it loses, seed JSON round-trips, and the
// read-back pairs dispatched times with the planned events.
import { describe, expect, it } from 'vitest';
import { devicePoint, stagePoint } from '../../../shared/geometry';
import { planToolCall } from '../../../shared/gesture';
import { prepareCall } from '../../../shared/prepare';
import { validateToolCall } from '../../../shared/validation';
import type { Receipt } from '../../../shared/receipts';
import { createTools } from '../registry';
import type { PointerInfo } from '../state-node';
import { EMPTY_DRAFT } from '../calibrated-drag/draft';
import type { ToolContext } from '../tool-context';
import { editorStore } from './editor-store';
import { hitHandle, snapToNode } from './handles';
import { placeIssues } from './issues';
import { memoryHost } from './memory-host';
import { addFinger, addFrame, moveHandle, newGesture, retime, type GestureEnvelope } from './model';
import { readBack } from './readback';
import { exportGesture, importGesture } from './seed-json';
import { switchSpace } from './space';

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
const at = (x: number, y: number, extra: Partial<PointerInfo> = {}): PointerInfo => ({
  stage: stagePoint(x / 4, y / 4),
  device: devicePoint(x, y),
  onScreen: x >= 0 && x < 1080 && y >= 0 && y < 2400,
  button: 0,
  timeMs: 0,
  stageScale: 0.25,
  ...extra,
});
const ALL = ['inject.single_pointer', 'inject.multi_pointer'];

function threeFingers(): GestureEnvelope {
  let e = newGesture(screen);
  e = addFinger(e, screen);
  e = addFinger(e, screen);
  return e;
}

describe('gesture tool (idle → dragging)', () => {
  it('a handle drag moves one point through every pointer move as one undo step; Esc reverts it', () => {
    const host = memoryHost(() => screen);
    const { gesture: tool } = createTools(ctx, host);
    tool.gestureOrNew();
    editorStore.setState({ frame: 1, handle: null });
    tool.pointerDown(at(540, 1200));
    expect(tool.state).toBe('dragging');
    expect(editorStore.getState().handle).toEqual({ frame: 1, finger: 0 });
    tool.pointerMove(at(600, 1100));
    tool.pointerMove(at(700, 1000));
    tool.pointerUp(at(700, 1000));
    expect(host.gesture()!.args.frames.map((f) => f.points[0])).toEqual([
      [540, 1200],
      [700, 1000],
    ]);
    expect(host.undo()).toBe(true);
    expect(host.gesture()!.args.frames[1]!.points[0]).toEqual([540, 1200]);
    tool.pointerDown(at(541, 1201));
    tool.pointerMove(at(900, 900));
    expect(tool.cancel()).toBe(true);
    expect(host.gesture()!.args.frames[1]!.points[0]).toEqual([540, 1200]);
    expect(host.redo()).toBe(false); // the cancelled drag left no step to redo
    expect(host.undo()).toBe(true); // and the next undo removes the gesture itself, not half a drag
    expect(host.gesture()).toBeNull();
  });

  it('a press away from every handle starts nothing; arrows nudge the focused handle 1 px, Shift ×10', () => {
    const host = memoryHost(() => screen);
    const { gesture: tool } = createTools(ctx, host);
    tool.gestureOrNew();
    tool.pointerDown(at(100, 100));
    expect(tool.state).toBe('idle');
    editorStore.setState({ frame: 0, handle: { frame: 0, finger: 0 } });
    expect(tool.nudge(1, 0)).toBe(true);
    expect(tool.nudge(0, -10)).toBe(true);
    expect(host.gesture()!.args.frames[0]!.points[0]).toEqual([541, 1190]);
    host.undo();
    expect(host.gesture()!.args.frames[0]!.points[0]).toEqual([541, 1200]);
  });

  it('Alt snaps a dragged handle to the nearest node centre within reach, else it follows the pointer', () => {
    const centres = [devicePoint(300, 300), devicePoint(800, 800)];
    expect(snapToNode(devicePoint(340, 310), centres, 0.25)).toEqual({ x: 300, y: 300 });
    expect(snapToNode(devicePoint(600, 600), centres, 0.25)).toEqual({ x: 600, y: 600 });
    const host = memoryHost(() => screen, centres);
    const { gesture: tool } = createTools(ctx, host);
    tool.gestureOrNew();
    tool.pointerDown(at(540, 1200));
    tool.pointerMove(at(790, 820, { alt: true }));
    tool.pointerUp(at(790, 820, { alt: true }));
    expect(host.gesture()!.args.frames.some((f) => f.points[0]![0] === 800 && f.points[0]![1] === 800)).toBe(true);
  });

  it('where a hold stacks two handles, the keyframe in focus is picked', () => {
    const e = newGesture(screen);
    expect(hitHandle(e, screen, devicePoint(545, 1203), 0.25, 0)).toEqual({ frame: 0, finger: 0 });
    expect(hitHandle(e, screen, devicePoint(545, 1203), 0.25, 1)).toEqual({ frame: 1, finger: 0 });
    expect(hitHandle(e, screen, devicePoint(700, 1203), 0.25, 1)).toBeNull();
  });
});

describe('gesture model and issues', () => {
  it('a crossing painted on the segments of both fingers, a merge and an off-screen point at their finger and frame', () => {
    let e = threeFingers(); // fingers at x 540, 660, 780, y 1200, all holding
    e = moveHandle(e, { frame: 1, finger: 1 }, devicePoint(900, 1300), screen);
    e = moveHandle(e, { frame: 1, finger: 2 }, devicePoint(600, 1300), screen);
    const r = prepareCall(e, screen, ALL);
    expect(r.ok).toBe(false);
    const placed = placeIssues(r.ok ? [] : r.issues);
    expect(placed.map((p) => [p.issue.code, p.spot])).toEqual([
      ['TOUCH_PATHS_CROSS', { kind: 'segments', frame: 1, fingers: [1, 2] }],
    ]);
    e = moveHandle(e, { frame: 1, finger: 2 }, devicePoint(1000, 1300), screen);
    expect(prepareCall(e, screen, ALL).ok).toBe(true);
    e = moveHandle(e, { frame: 1, finger: 2 }, devicePoint(1080, 1300), screen);
    e = moveHandle(e, { frame: 0, finger: 1 }, devicePoint(540, 1200), screen);
    const bad = prepareCall(e, screen, ALL);
    expect(placeIssues(bad.ok ? [] : bad.issues).map((p) => [p.issue.code, p.spot])).toEqual([
      ['TOUCH_POINTS_MERGED', { kind: 'point', frame: 0, finger: 1 }],
      ['OFF_SCREEN', { kind: 'point', frame: 1, finger: 2 }],
    ]);
  });

  it('times out of order are kept and painted on their column; one finger per frame needs no multi-touch, three do', () => {
    let e = addFrame(threeFingers());
    e = retime(e, 2, 400);
    const r = prepareCall(e, screen, ALL);
    expect(placeIssues(r.ok ? [] : r.issues).map((p) => [p.issue.code, p.spot])).toEqual([
      ['FRAMES_NOT_INCREASING', { kind: 'frame', frame: 2 }],
    ]);
    const refused = prepareCall(threeFingers(), screen, ['inject.single_pointer']);
    expect(placeIssues(refused.ok ? [] : refused.issues).map((p) => [p.issue.code, p.spot.kind])).toEqual([
      ['CAPABILITY_UNAVAILABLE', 'banner'],
    ]);
  });

  it('pixel → normalized says which points land on another pixel; normalized → pixel is lossless', () => {
    const e = moveHandle(newGesture(screen), { frame: 1, finger: 0 }, devicePoint(541, 1201), screen);
    const toNorm = switchSpace(e, 'normalized', screen);
    expect(toNorm.envelope.args.coordinate_space).toBe('normalized');
    expect(toNorm.lost.length).toBeGreaterThan(0);
    expect(toNorm.maxShiftPx).toBeGreaterThan(0);
    const back = switchSpace(toNorm.envelope, 'pixel', screen);
    expect(back.lost).toEqual([]);
    // What the normalized gesture dispatches is exactly what the converted pixel one does.
    const plan = (x: GestureEnvelope) => {
      const v = validateToolCall(x, { screen });
      if (!v.ok) throw new Error('invalid');
      const p = planToolCall(v.call, screen);
      return p.ok ? p.plan.pointers : null;
    };
    expect(plan(back.envelope)).toEqual(plan(toNorm.envelope));
  });

  it('seed JSON: export → import is the same call; a non-gesture is refused with a reason, an invalid one kept', () => {
    const e = threeFingers();
    const r = importGesture(exportGesture(e));
    expect(r).toEqual({ ok: true, envelope: e });
    expect(importGesture('{"tool":"swipe","args":{}}')).toMatchObject({
      ok: false,
      reason: expect.stringContaining('touch_gesture'),
    });
    expect(importGesture('nope')).toMatchObject({ ok: false, reason: expect.stringContaining('not JSON') });
    const kept = importGesture(
      '{"tool":"touch_gesture","args":{"frames":[{"at_ms":5,"points":[[1,1]]},{"at_ms":1,"points":[[2,2]]}]}}',
    );
    expect(kept).toMatchObject({
      ok: true,
      envelope: { args: { coordinate_space: 'normalized', frames: [{ at_ms: 5 }, { at_ms: 1 }] } },
    });
  });
});

describe('read-back', () => {
  it('dispatched event times rebased to the first down, one timing error per planned event', () => {
    const e = newGesture(screen);
    const r = prepareCall(e, screen, ALL);
    if (!r.ok) throw new Error('refused');
    const receipt = {
      operation_id: 'op',
      status: 'completed',
      code: null,
      dispatch: { backend: 'helper', events: 34, down_time_ms: 1000, event_times_ms: [] as number[] },
    } as unknown as Receipt;
    const planned = readBack(r.plan, { ...receipt, dispatch: null } as unknown as Receipt).events;
    receipt.dispatch!.event_times_ms = planned.map((p, i) => 1000 + p.plannedMs + (i === 3 ? 5 : 0));
    const rb = readBack(r.plan, receipt);
    expect(rb.note).toBeNull();
    expect(rb.events[3]).toMatchObject({ errorMs: 5 });
    expect(rb.maxAbsErrorMs).toBe(5);
    expect(rb.events.at(-1)).toMatchObject({ action: 'up', plannedMs: 500, dispatchedMs: 500, errorMs: 0 });
    expect(
      readBack(r.plan, {
        ...receipt,
        dispatch: { backend: 'scrcpy', events: 3, down_time_ms: null, event_times_ms: null },
      } as Receipt).note,
    ).toMatch(/does not report event times/);
  });
});
