// Executor input benchmarks, side by side in one run, against the virtual device in its own process:
// 1. tap dispatch: one tap through the helper socket (inject, answered after the device injected it) vs
//    `adb shell input tap` on the same device — p50/p99 and the ratio (goal: helper p50 < 5 ms, ≥ 10× faster);
//    (the virtual device's `input` runs in-process; a phone's starts a JVM per call, hundreds of ms, so the
//    ratio on the virtual device understates the real gap);
// 2. gesture timing: the device's receive time of every event vs its planned keyframe time (goal p99 < 4 ms).
// Run: npm run -s bench:executor
import { planToolCall, sampleMotionEvents } from '../../shared/gesture';
import { parseToolCall } from '../../shared/actions';
import { HelperSupervisor } from '../../electron/helper';
import { runAdb } from '../support/adb-server';
import { startRig } from './device-rig';

const TAPS = 200;
const SHELL_TAPS = 40;
const CLI_TAPS = 20;
const GESTURES = 10;

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
}

const rig = await startRig();
const helpers = new HelperSupervisor(rig.adb);
try {
  const status = await helpers.ensure(rig.serial);
  if (status.state !== 'connected') throw new Error(`helper unavailable: ${status.message}`);
  const channel = status.channel;
  const tap = [
    { t_ms: 0, action: 'down', action_index: 0, pointers: [{ id: 0, x: 540, y: 60 }] },
    { t_ms: 0, action: 'up', action_index: 0, pointers: [{ id: 0, x: 540, y: 60 }] },
  ];
  for (let i = 0; i < 20; i++) await channel.request('inject', { events: tap }, 'warmup');
  const helperMs: number[] = [];
  for (let i = 0; i < TAPS; i++) {
    const t = performance.now();
    const r = await channel.request('inject', { events: tap }, 'bench-tap');
    helperMs.push(performance.now() - t);
    if (!r.ok) throw new Error(r.error.message);
  }
  const shellMs: number[] = [];
  for (let i = 0; i < SHELL_TAPS; i++) {
    const t = performance.now();
    await rig.adb.shell(rig.serial, 'input tap 540 60');
    shellMs.push(performance.now() - t);
  }
  // What a user's script does: the adb client binary, a process per tap.
  const cliMs: number[] = [];
  for (let i = 0; i < CLI_TAPS; i++) {
    const t = performance.now();
    await runAdb(rig.server.port, ['-s', rig.serial, 'shell', 'input', 'tap', '540', '60']);
    cliMs.push(performance.now() - t);
  }

  // A 2-finger hold-then-drag over 1.2 s, sampled at 16 ms: the device reports when it injected each event.
  const call = parseToolCall({
    tool: 'touch_gesture',
    args: {
      target_description: 'bench',
      frames: [
        {
          at_ms: 0,
          points: [
            [300, 500],
            [700, 500],
          ],
        },
        {
          at_ms: 400,
          points: [
            [300, 500],
            [700, 500],
          ],
        },
        {
          at_ms: 1200,
          points: [
            [300, 700],
            [700, 700],
          ],
        },
      ],
    },
  });
  if (!call.ok) throw new Error('bad gesture');
  const plan = planToolCall(call.call, { width: 1080, height: 2400 });
  if (!plan.ok) throw new Error('unplannable gesture');
  const events = sampleMotionEvents(plan.plan.pointers).map((e) => ({ ...e, t_ms: Math.round(e.t_ms) }));
  const errors: number[] = [];
  for (let g = 0; g < GESTURES; g++) {
    const r = await channel.request('inject', { events }, `bench-gesture-${g}`);
    if (!r.ok) throw new Error(r.error.message);
    r.result.event_times_ms.forEach((at, i) => errors.push(Math.abs(at - (r.result.down_time_ms + events[i]!.t_ms))));
  }

  const row = (name: string, v: number[]) =>
    `${name.padEnd(30)} p50 ${pct(v, 50).toFixed(2).padStart(8)} ms   p99 ${pct(v, 99).toFixed(2).padStart(8)} ms   (n=${v.length})`;
  console.log('tap dispatch (round trip until the device injected it)');
  console.log(row('helper socket inject', helperMs));
  console.log(row('adb shell input tap (adbkit)', shellMs));
  console.log(row('adb shell input tap (adb CLI)', cliMs));
  const ratio = pct(shellMs, 50) / pct(helperMs, 50);
  console.log(
    `ratio (p50 adbkit shell / p50 helper) ${ratio.toFixed(1)}×, adb CLI ${(pct(cliMs, 50) / pct(helperMs, 50)).toFixed(1)}×   goal: helper p50 < 5 ms (${pct(helperMs, 50) < 5 ? 'met' : 'MISSED'}), ≥ 10× (${ratio >= 10 ? 'met' : 'MISSED'})`,
  );
  console.log('gesture timing (device receive time − planned keyframe time, whole ms as the device reports)');
  console.log(
    `${row('2-finger hold-then-drag', errors)}   max ${Math.max(...errors)} ms   goal p99 < 4 ms (${pct(errors, 99) < 4 ? 'met' : 'MISSED'})`,
  );
} finally {
  helpers.stopAll();
  await rig.stop();
}
