// The benchmark's mixed run on the lab's main screen: taps, drags, multi-frame gestures, text, native writes and
// waits, built from one observation so every target is a real control. 19 rounds of 9 = 171 steps.
import type { Observation } from '../../shared/ipc';
import { centre, nodeById } from '../e2e/console-harness';

const LAB = 'com.tactile.lab:id/';

export function mixedRun(o: Observation, rounds = 19): unknown[] {
  const px = (id: string) => nodeById(o, id).bounds_px;
  const norm = (p: { x: number; y: number }): [number, number] => [
    Math.round((p.x * 1000) / o.screen.width),
    Math.round((p.y * 1000) / o.screen.height),
  ];
  const seek = px('seekbar');
  const list = px('list');
  const midY = (seek[1] + seek[3]) >> 1;
  const steps: unknown[] = [];
  for (let i = 0; i < rounds; i++) {
    const right = i % 2 === 0;
    steps.push(
      { tool: 'click', args: { target: norm(centre(px('checkbox'))) } },
      {
        tool: 'drag',
        args: {
          start: [right ? seek[0] + 30 : seek[2] - 30, midY],
          end: [right ? seek[2] - 60 : seek[0] + 60, midY],
          coordinate_space: 'pixel',
          target_description: 'seekbar',
          duration_ms: 250,
        },
      },
      {
        tool: 'touch_gesture',
        args: {
          coordinate_space: 'pixel',
          target_description: 'list',
          region: list,
          frames: [
            { at_ms: 0, points: [[(list[0] + list[2]) >> 1, list[3] - 40]] },
            { at_ms: 120, points: [[(list[0] + list[2]) >> 1, list[3] - 140]] },
            { at_ms: 240, points: [[(list[0] + list[2]) >> 1, list[3] - 240]] },
          ],
        },
      },
      {
        tool: 'control_action',
        args: { selector: { resource_id: `${LAB}edit_text` }, action: 'set_text', text: `step ${i}` },
      },
      { tool: 'input_text', args: { text: ` +${i}`, target: norm(centre(px('edit_text'))), clear_exist: false } },
      { tool: 'wait_for_delay', args: { time_in_ms: 40 } },
      {
        tool: 'wait_until',
        args: { selector: { resource_id: `${LAB}checkbox` }, state: 'stable', stable_ms: 0, timeout_ms: 2000 },
      },
      { tool: 'control_action', args: { selector: { resource_id: `${LAB}switch` }, action: 'click' } },
      { tool: 'click', args: { target: norm(centre(px('play_pause'))) } },
    );
  }
  return steps;
}
