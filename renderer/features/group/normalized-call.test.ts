import { describe, expect, it } from 'vitest';
import { devicePoint, devicePointToNormTarget } from '../../../shared/geometry';
import { prepareCall } from '../../../shared/prepare';
import { dragEnvelope, keyEnvelope, longPressEnvelope, tapEnvelope } from '../manual-control/envelopes';
import { normalizedCall } from './normalized-call';

const screen = { width: 1080, height: 2400 };

describe('group control: manual calls restated in normalized coordinates', () => {
  it('a tap, a drag and a long press become normalized calls that land on the same spot of any screen', () => {
    const tap = normalizedCall(tapEnvelope(devicePoint(540, 1200)), screen);
    expect(tap.ok && tap.envelope.args.steps).toEqual([
      {
        action: 'click',
        target: [500, 500],
        coordinate_space: 'normalized',
        target_description: 'manual tap in the console',
      },
    ]);
    const drag = normalizedCall(dragEnvelope(devicePoint(108, 240), devicePoint(972, 240), 300), screen);
    expect(drag.ok && drag.envelope.args).toMatchObject({
      start: devicePointToNormTarget(devicePoint(108, 240), screen),
      end: devicePointToNormTarget(devicePoint(972, 240), screen),
      coordinate_space: 'normalized',
    });
    const press = normalizedCall(longPressEnvelope(devicePoint(1079, 2399), 600), screen);
    expect(press.ok && press.envelope.args.coordinate_space).toBe('normalized');
    for (const r of [tap, drag, press])
      expect(r.ok && prepareCall(r.envelope, { width: 720, height: 1600 }, null).ok).toBe(true);
  });

  it('calls without coordinates pass unchanged; a region-bound drag is refused', () => {
    expect(normalizedCall(keyEnvelope('home'), screen)).toEqual({ ok: true, envelope: keyEnvelope('home') });
    const bound = dragEnvelope(devicePoint(1, 1), devicePoint(50, 50), 300);
    expect(normalizedCall({ ...bound, args: { ...bound.args, region: [0, 0, 100, 100] } }, screen).ok).toBe(false);
  });
});
