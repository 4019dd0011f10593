// Validate + plan latency (issue 2 performance goal: p50 < 500 µs for a 5-finger 32-frame touch_gesture, so
// the renderer can re-validate on every pointer move at 120 Hz). Run: npm run bench
import { planToolCall } from '../../shared/gesture/plan';
import { prepareCall } from '../../shared/prepare';
import { validateToolCall } from '../../shared/validation';

const SCREEN = { width: 1080, height: 2400 };
const sel = { resource_id: 'com.example.player:id/seek' };

// Five parallel fingers sweeping down in 32 frames: valid (no merged points, no crossing paths).
const touchGesture = {
  tool: 'touch_gesture',
  args: {
    target_description: 'canvas',
    frames: Array.from({ length: 32 }, (_, f) => ({
      at_ms: f * 100,
      points: Array.from({ length: 5 }, (_, i) => [150 + 175 * i, 200 + f * 19]),
    })),
  },
};

// Ten members (the default max_burst_actions), every kind, each at its heaviest.
const actionSequence = {
  tool: 'action_sequence',
  args: {
    feedback: {
      selector: sel,
      value_format: 'clock',
      target_value: 63737,
      tolerance: 5,
      stable_ms: 1000,
      timeout_ms: 3000,
    },
    steps: [
      {
        action: 'ensure_visible',
        target: 'com.example:id/panel',
        opener: 'com.example:id/open',
        target_description: 'panel',
      },
      { action: 'click', target: [500, 500], target_description: 'plus', times: 10, delay_ms: 100 },
      { action: 'wait', time_in_ms: 200 },
      {
        action: 'drag',
        start: [100, 500],
        target_description: 'seek',
        region: [0, 400, 1000, 600],
        calibration: {
          axis: 'x',
          mode: 'thumb',
          anchors: [
            { position: 100, value: 0 },
            { position: 900, value: 3600 },
          ],
          target_value: 1800,
          tolerance: 10,
        },
      },
      {
        action: 'pinch',
        center: [500, 500],
        start_span: 200,
        end_span: 600,
        rotation_degrees: 90,
        duration_ms: 10000,
        target_description: 'map',
      },
      { action: 'touch_gesture', ...touchGesture.args },
      {
        action: 'control_action',
        request: {
          selector: sel,
          action: 'set_progress',
          value: 30,
          ensure_state: { state: 'value', expected_value: 30 },
        },
      },
      { action: 'wait_until', selector: sel, state: 'stable', timeout_ms: 3000 },
      { action: 'click', target: 'com.example:id/play', target_description: 'play' },
      { action: 'drag', start: [100, 700], end: [900, 700], target_description: 'volume', duration_ms: 10000 },
    ],
  },
};

function percentile(sorted: Float64Array, p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

interface Row {
  name: string;
  validate: Float64Array;
  plan: Float64Array;
  both: Float64Array;
}

function measure(name: string, envelope: unknown, iterations: number): Row {
  const once = () => {
    const t0 = process.hrtime.bigint();
    const v = validateToolCall(envelope, { screen: SCREEN });
    const t1 = process.hrtime.bigint();
    if (!v.ok) throw new Error(`${name} does not validate: ${JSON.stringify(v.errors)}`);
    const p = planToolCall(v.call, SCREEN);
    const t2 = process.hrtime.bigint();
    if (!p.ok) throw new Error(`${name} does not plan: ${JSON.stringify(p.errors)}`);
    return [Number(t1 - t0) / 1000, Number(t2 - t1) / 1000];
  };
  for (let i = 0; i < Math.min(2000, iterations); i++) once(); // warm-up: let the JIT settle
  const row: Row = {
    name,
    validate: new Float64Array(iterations),
    plan: new Float64Array(iterations),
    both: new Float64Array(iterations),
  };
  for (let i = 0; i < iterations; i++) {
    const [v, p] = once();
    row.validate[i] = v!;
    row.plan[i] = p!;
    row.both[i] = v! + p!;
  }
  row.validate.sort();
  row.plan.sort();
  row.both.sort();
  return row;
}

/** prepareCall as one step (what the pipeline and every preview run: validate, plan and the capability check). */
function measurePrepare(envelope: unknown, iterations: number): Float64Array {
  const caps = ['inject.single_pointer', 'inject.multi_pointer', 'read_control', 'probe', 'action.set_progress'];
  const out = new Float64Array(iterations);
  for (let i = 0; i < Math.min(2000, iterations) + iterations; i++) {
    const t0 = process.hrtime.bigint();
    const r = prepareCall(envelope, SCREEN, caps);
    const t1 = process.hrtime.bigint();
    if (!r.ok) throw new Error(`does not prepare: ${JSON.stringify(r.issues)}`);
    if (i >= Math.min(2000, iterations)) out[i - Math.min(2000, iterations)] = Number(t1 - t0) / 1000;
  }
  return out.sort();
}

const rows = [measure('touch_gesture 5×32', touchGesture, 20000), measure('action_sequence ×10', actionSequence, 5000)];
const prepared = [measurePrepare(touchGesture, 20000), measurePrepare(actionSequence, 5000)];
const cell = (a: Float64Array) =>
  `${percentile(a, 0.5).toFixed(1).padStart(8)} ${percentile(a, 0.99).toFixed(1).padStart(8)}`;
console.log(
  `${'µs'.padEnd(22)} ${'validate p50/p99'.padStart(17)} ${'plan p50/p99'.padStart(17)} ${'total p50/p99'.padStart(17)} ${'prepareCall p50/p99'.padStart(20)}`,
);
rows.forEach((r, i) =>
  console.log(`${r.name.padEnd(22)} ${cell(r.validate)} ${cell(r.plan)} ${cell(r.both)}    ${cell(prepared[i]!)}`),
);
const gestureP50 = percentile(rows[0]!.both, 0.5);
console.log(
  `goal: touch_gesture total p50 < 500 µs — ${gestureP50 < 500 ? 'met' : 'NOT met'} (${gestureP50.toFixed(1)} µs)`,
);
