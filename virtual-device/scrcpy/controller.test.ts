// The control channel's effect on the device: pointer ids and ACTION_POINTER_* like scrcpy's
// PointersState, positions checked against the video size and mapped to device pixels, clipboard acks.
import { describe, expect, it } from 'vitest';
import { CONTROL_TYPE, MOTION_ACTION } from './control-message';
import { Controller, mapPosition } from './controller';
import { DeviceClipboard } from '../android/clipboard';
import type { DeviceMessage } from './device-message-writer';
import type { KeyEventInput, MotionEventInput } from './ports';

function setup(video = { width: 540, height: 1200 }, screen = { width: 1080, height: 2400 }) {
  const motions: MotionEventInput[] = [];
  const keys: KeyEventInput[] = [];
  const sent: DeviceMessage[] = [];
  const clipboard = new DeviceClipboard();
  let resets = 0;
  const c = new Controller({
    input: { motion: (e) => motions.push(e), key: (e) => keys.push(e), text: () => undefined },
    clipboard,
    extras: {},
    clipboardAutosync: false,
    geometry: () => ({ video, screen }),
    send: (m) => sent.push(m),
    resetVideo: () => resets++,
    log: () => undefined,
    now: () => 0,
  });
  const touch = (action: number, id: bigint, x: number, y: number, size = video) =>
    c.handle({
      type: CONTROL_TYPE.INJECT_TOUCH_EVENT,
      action,
      pointerId: id,
      position: { x, y, screenWidth: size.width, screenHeight: size.height },
      pressure: 1,
      actionButton: 0,
      buttons: 0,
    });
  return { c, motions, keys, sent, clipboard, touch, resets: () => resets };
}

describe('scrcpy controller on the virtual device', () => {
  it('turns per-finger touches into one multi-pointer gesture in device pixels', () => {
    const { motions, touch } = setup();
    touch(MOTION_ACTION.DOWN, -2n, 100, 100);
    touch(MOTION_ACTION.DOWN, 7n, 300, 500);
    touch(MOTION_ACTION.MOVE, 7n, 310, 500);
    touch(MOTION_ACTION.UP, -2n, 100, 100);
    touch(MOTION_ACTION.UP, 7n, 310, 500);
    expect(motions.map((m) => [m.action, m.action_index, m.pointers.map((p) => [p.id, p.x, p.y])])).toEqual([
      ['down', 0, [[0, 200, 200]]],
      [
        'pointer_down',
        1,
        [
          [0, 200, 200],
          [1, 600, 1000],
        ],
      ],
      [
        'move',
        0,
        [
          [0, 200, 200],
          [1, 620, 1000],
        ],
      ],
      [
        'pointer_up',
        0,
        [
          [0, 200, 200],
          [1, 620, 1000],
        ],
      ],
      ['up', 0, [[1, 620, 1000]]],
    ]);
  });

  it('ignores positions made for another video size (e.g. before a rotation), and hovering mice', () => {
    const { motions, touch } = setup();
    touch(MOTION_ACTION.DOWN, -2n, 10, 10, { width: 1080, height: 2400 });
    touch(MOTION_ACTION.HOVER_MOVE, -1n, 10, 10);
    expect(motions).toEqual([]);
    expect(
      mapPosition(
        { x: 543, y: 1199, screenWidth: 544, screenHeight: 1200 },
        { width: 544, height: 1200 },
        { width: 1080, height: 2400 },
      ),
    ).toEqual({ x: 1078, y: 2398 });
  });

  it('acknowledges SET_CLIPBOARD with its sequence, answers GET_CLIPBOARD, presses BACK, resets video', () => {
    const { c, sent, clipboard, keys, resets } = setup();
    c.handle({ type: CONTROL_TYPE.SET_CLIPBOARD, sequence: 42n, paste: true, text: 'hello' });
    expect(clipboard.get()).toBe('hello');
    expect(keys.map((k) => [k.action, k.keycode])).toEqual([
      ['down', 279],
      ['up', 279],
    ]);
    c.handle({ type: CONTROL_TYPE.GET_CLIPBOARD, copyKey: 0 });
    expect(sent).toEqual([
      { type: 1, sequence: 42n },
      { type: 0, text: 'hello' },
    ]);
    c.handle({ type: CONTROL_TYPE.BACK_OR_SCREEN_ON, action: 0 });
    expect(keys.at(-1)).toEqual({ action: 'down', keycode: 4, repeat: 0, meta_state: 0 });
    c.handle({ type: CONTROL_TYPE.RESET_VIDEO });
    expect(resets()).toBe(1);
  });
});
