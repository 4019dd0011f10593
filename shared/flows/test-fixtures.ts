// A small valid flow recorded on the lab's default screen, for the flow tests.
import { FLOW_FORMAT } from './format';

export const LAB_RECORDED_ON = {
  screen: { width: 1080, height: 2400 },
  density: 420,
  rotation: 0,
  sdk: 34,
  packages: { 'com.tactile.lab': '1.0' },
} as const;

export function sampleFlow(): Record<string, unknown> {
  return {
    format: FLOW_FORMAT,
    name: 'Play and check',
    description: 'Taps Play, drags the seek bar, checks the text.',
    recorded_on: {
      ...LAB_RECORDED_ON,
      screen: { ...LAB_RECORDED_ON.screen },
      packages: { ...LAB_RECORDED_ON.packages },
    },
    steps: [
      {
        tool: 'action_sequence',
        args: { steps: [{ action: 'click', target: 'com.tactile.lab:id/play', target_description: 'Play' }] },
        label: 'tap Play',
      },
      {
        tool: 'drag',
        args: { start: [100, 500], end: [900, 500], coordinate_space: 'pixel', target_description: 'seek bar' },
      },
      { tool: 'press_key', args: { key: 'back' } },
      {
        tool: 'read_control',
        args: { selector: { resource_id: 'com.tactile.lab:id/status' } },
        expect: { wait_until: { selector: { resource_id: 'com.tactile.lab:id/status' }, state: 'visible' } },
      },
    ],
  };
}
