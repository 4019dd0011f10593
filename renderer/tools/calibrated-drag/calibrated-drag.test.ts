import { describe, expect, it } from 'vitest';
import { devicePoint, stagePoint } from '../../../shared/geometry';
import type { ObservedNode } from '../../../shared/observation';
import { fakeContext } from '../fake-context';
import { createTools } from '../registry';
import type { PointerInfo } from '../state-node';
import { EMPTY_DRAFT, evaluateDraft, followAnchors, type CalibratedDraft } from './draft';
import { scaleTicks } from './scale-ticks';

const screen = { width: 1080, height: 2400 };
const ctxOf = { screen, capabilities: null, densityDpi: 420 };
const FLAGS = {
  clickable: false,
  checkable: false,
  checked: false,
  enabled: true,
  focused: false,
  focusable: false,
  scrollable: false,
  long_clickable: false,
  selected: false,
  password: false,
};

let index = 0;
function node(
  id: string,
  bounds: [number, number, number, number],
  text = '',
  extra: Partial<ObservedNode> = {},
): ObservedNode {
  const resource_id = `com.tactile.lab:id/${id}`;
  return {
    index: index++,
    parent: null,
    depth: 0,
    window: 0,
    class_name: 'android.view.View',
    resource_id,
    text,
    content_desc: null,
    package_name: 'com.tactile.lab',
    bounds_px: bounds,
    bounds: [0, 0, 0, 0],
    flags: FLAGS,
    native_selector: { resource_id, class_name: 'android.view.View', package_name: 'com.tactile.lab' },
    ...extra,
  };
}

// The lab's timeline: 1000 px wide, a tick every 200 px = 120 s (0.6 s/px), the playhead at its centre.
const timeline = node('timeline', [40, 400, 1040, 600]);
const ticks = [0, 1, 2, 3, 4].map((i) =>
  node(
    'timeline_tick',
    [140 + i * 200 - 76, 430, 140 + i * 200 + 76, 520],
    `17:${String(36 + 2 * i).padStart(2, '0')}:00`,
  ),
);
const playhead = node('playhead', [538, 400, 542, 600], '', { content_desc: 'Playhead' });
const readout = node('current_time', [100, 200, 500, 300], '17:40:00', { class_name: 'android.widget.TextView' });
const seekbar = node('seekbar', [40, 700, 1040, 760], '', { class_name: 'android.widget.SeekBar' });
const NODES = [timeline, ...ticks, playhead, readout, seekbar];

const at = (x: number, y: number): PointerInfo => ({
  stage: stagePoint(x / 4, y / 4),
  device: devicePoint(x, y),
  onScreen: true,
  button: 0,
  timeMs: 0,
});

function panDraft(target: string, patch: Partial<CalibratedDraft> = {}): CalibratedDraft {
  return {
    ...EMPTY_DRAFT,
    start: { x: 540, y: 500, label: '#timeline' },
    axis: 'x',
    mode: 'pan',
    indicator: { x: 540, y: 500, label: '#playhead' },
    anchors: [
      { point: { x: 140, y: 475, label: 'a' }, text: '17:36:00', source: 'node' },
      { point: { x: 940, y: 475, label: 'b' }, text: '17:44:00', source: 'node' },
    ],
    target,
    readout: { selector: { resource_id: 'com.tactile.lab:id/current_time' }, format: 'clock', label: '#current_time' },
    ...patch,
  };
}

describe('calibrated-drag tool (idle → picking-*)', () => {
  it('clicks pick start, both anchors and the readout in order; axis, mode and indicator are proposed from the node', () => {
    const f = fakeContext(NODES);
    const tool = createTools(f.ctx)['calibrated-drag'];
    tool.pointerDown(at(540, 580)); // the timeline's centre column, below the ticks: not the 4 px playhead
    expect(f.draft()).toMatchObject({
      start: { x: 540, y: 500, label: '#timeline' },
      axis: 'x',
      mode: 'pan',
      indicator: { x: 540, y: 500, label: '#playhead' },
    });
    tool.pointerDown(at(150, 470)); // tick 17:36:00
    tool.pointerDown(at(700, 500)); // tick 17:42:00 (centre 740)
    expect(f.draft().anchors).toMatchObject([
      { point: { x: 140, y: 475 }, text: '17:36:00', source: 'node' },
      { point: { x: 740 }, text: '17:42:00' },
    ]);
    tool.pointerDown(at(300, 250));
    expect(f.draft().readout).toMatchObject({
      selector: { resource_id: 'com.tactile.lab:id/current_time' },
      format: 'clock',
    });
    expect(tool.state).toBe('idle');
    expect(f.sent).toEqual([]); // nothing is sent from the stage
  });

  it('an anchor away from value text is a position whose value is typed; Esc disarms a pick without a change', () => {
    const f = fakeContext(NODES);
    const tool = createTools(f.ctx)['calibrated-drag'];
    tool.transition('picking-anchor', { index: 1 });
    tool.pointerDown(at(900, 900));
    expect(f.draft().anchors[1]).toMatchObject({ point: { x: 900, y: 900 }, text: '', source: 'typed' });
    expect(f.notes.at(-1)!.text).toMatch(/type its value/);
    tool.transition('picking-start');
    expect(tool.cancel()).toBe(true);
    tool.pointerDown(at(540, 730)); // back in idle: the next missing part is the start
    expect(f.draft().start).toMatchObject({ label: '#seekbar' });
    expect(f.draft()).toMatchObject({ mode: 'thumb', startIsRange: true, readout: { format: 'range' } });
  });
});

describe('evaluateDraft (the builder → prepareCall)', () => {
  it('a pan to a clock target: the seed drag call, figures and no issue', () => {
    const e = evaluateDraft(panDraft('17:39:00'), ctxOf);
    if (!e.ready) throw new Error(JSON.stringify(e));
    expect(e.prepared.ok).toBe(true);
    expect(e.call).toMatchObject({
      tool: 'drag',
      args: {
        start: [540, 500],
        end: null,
        coordinate_space: 'pixel',
        calibration: {
          mode: 'pan',
          target_value: 17 * 3600 + 39 * 60,
          indicator_position: 540,
          tolerance: 1,
          min_movement_px: 21,
        },
        feedback: { value_format: 'clock', tolerance: 1 },
      },
    });
    // 17:39:00 sits at 440 px: the scale moves +100 px under the playhead.
    expect(e.figures).toMatchObject({ end: { x: 640, y: 500 }, value_per_px: 0.6, movement_px: 100 });
    expect(e.figures!.allowed_px_error).toBeCloseTo(1 / 0.6);
  });

  it('reports every issue in place: rounding over tolerance, below the touch slop, degenerate anchors, off screen', () => {
    const codes = (d: CalibratedDraft) => {
      const e = evaluateDraft(d, ctxOf);
      return e.ready ? e.issues.map((i) => i.code) : e;
    };
    expect(codes(panDraft('17:39:00', { tolerance: '0.1' }))).toEqual([]); // 100 px exactly: no rounding
    const decimal = panDraft('99.3', { tolerance: '0.1' }); // 0.6 per px; the move rounds by ½ px = 0.3 > 0.1
    decimal.anchors = [
      { ...decimal.anchors[0]!, text: '0.000' },
      { ...decimal.anchors[1]!, text: '480.000' },
    ];
    expect(codes(decimal)).toContain('ROUNDING_EXCEEDS_TOLERANCE');
    expect(codes(panDraft('17:39:55'))).toContain('BELOW_MIN_MOVEMENT'); // 8 px < 21 px slop at 420 dpi
    const same = panDraft('17:39:00');
    same.anchors = [same.anchors[0], { ...same.anchors[1]!, point: { ...same.anchors[0]!.point } }];
    expect(codes(same)).toContain('CALIBRATION_DEGENERATE');
    expect(codes(panDraft('23:00:00'))).toContain('OFF_SCREEN');
  });

  it('says what is missing or unreadable instead of building a call', () => {
    expect(evaluateDraft(EMPTY_DRAFT, ctxOf)).toMatchObject({
      ready: false,
      missing: ['start', 'anchor A', 'anchor B', 'target'],
    });
    expect(evaluateDraft(panDraft('soon'), ctxOf)).toMatchObject({
      ready: false,
      problems: [expect.stringMatching(/target: "soon" is not a value/)],
    });
  });

  it('an exact integer readout still gives the calibration half a unit of rounding', () => {
    const d: CalibratedDraft = {
      ...EMPTY_DRAFT,
      start: { x: 540, y: 730, label: '#seekbar' },
      mode: 'thumb',
      anchors: [
        { point: { x: 70, y: 730, label: 'min' }, text: '0', source: 'range' },
        { point: { x: 1010, y: 730, label: 'max' }, text: '100', source: 'range' },
      ],
      target: '80',
      readout: { selector: { resource_id: 'com.tactile.lab:id/seekbar' }, format: 'range', label: '#seekbar' },
    };
    const e = evaluateDraft(d, ctxOf);
    if (!e.ready) throw new Error('not ready');
    expect(e.call.args.calibration.tolerance).toBe(0.5);
    expect(e.call.args.feedback!.tolerance).toBe(0);
    expect(e.figures!.end.x).toBe(822);
  });
});

describe('scale and anchors on the stage', () => {
  it("ticks at a nice step at least 90 stage px apart, on the anchors' line", () => {
    const t = scaleTicks(
      [
        { position: 140, value: 0 },
        { position: 940, value: 480 },
      ],
      1080,
      0.5,
    );
    expect(t[1]!.value - t[0]!.value).toBe(120); // 0.6 s/px × 90 / 0.5 = 108 s → 2 min
    for (const x of t) expect(x.position).toBeCloseTo(140 + x.value / 0.6);
  });

  it('node anchors follow their marks after the scale panned', () => {
    const d = panDraft('17:39:00');
    d.anchors = [{ ...d.anchors[0]!, nodeId: 'com.tactile.lab:id/timeline_tick' }, d.anchors[1]];
    const moved = followAnchors(d.anchors, [
      { resource_id: 'com.tactile.lab:id/timeline_tick', text: '17:36:00', bounds_px: [164, 430, 316, 520] },
    ]);
    expect(moved![0]!.point).toMatchObject({ x: 240, y: 475 });
    expect(moved![1]).toBe(d.anchors[1]);
    expect(
      followAnchors(moved!, [
        { resource_id: 'com.tactile.lab:id/timeline_tick', text: '17:36:00', bounds_px: [164, 430, 316, 520] },
      ]),
    ).toBeNull();
  });
});
