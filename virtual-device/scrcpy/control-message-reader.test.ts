// Golden bytes for every scrcpy 3.3.3 control message: serialized by @yume-chan/scrcpy (the host side),
// compared with hand-checked bytes from ControlMessageReader.java's layout, then parsed by our server side.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  AndroidKeyCode,
  AndroidKeyEventAction,
  AndroidKeyEventMeta,
  AndroidMotionEventAction,
  AndroidScreenPowerMode,
  ScrcpyControlMessageSerializer,
  ScrcpyOptions3_3_3,
  ScrcpyPointerId,
} from '@yume-chan/scrcpy';
import { CONTROL_TYPE } from './control-message';
import { ControlMessageReader, ControlProtocolError } from './control-message-reader';

const options = new ScrcpyOptions3_3_3({ clipboardAutosync: false });
const s = new ScrcpyControlMessageSerializer(options);
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');
const parseOne = (bytes: Uint8Array) => {
  const msgs = new ControlMessageReader().push(bytes);
  expect(msgs).toHaveLength(1);
  return msgs[0]!;
};

const cases: Array<{ name: string; bytes: () => Uint8Array; golden: string; parsed: object }> = [
  {
    name: 'INJECT_KEYCODE',
    bytes: () =>
      s.injectKeyCode({
        action: AndroidKeyEventAction.Up,
        keyCode: AndroidKeyCode.Enter,
        repeat: 5,
        metaState: (AndroidKeyEventMeta.Shift | AndroidKeyEventMeta.ShiftLeft) as AndroidKeyEventMeta,
      }),
    golden: '00' + '01' + '00000042' + '00000005' + '00000041',
    parsed: { type: CONTROL_TYPE.INJECT_KEYCODE, action: 1, keycode: 66, repeat: 5, metaState: 0x41 },
  },
  {
    name: 'INJECT_TEXT',
    bytes: () => s.injectText('hé 🙂'),
    golden: '01' + '00000008' + Buffer.from('hé 🙂').toString('hex'),
    parsed: { type: CONTROL_TYPE.INJECT_TEXT, text: 'hé 🙂' },
  },
  {
    name: 'INJECT_TOUCH_EVENT',
    bytes: () =>
      s.injectTouch({
        action: AndroidMotionEventAction.Down,
        pointerId: ScrcpyPointerId.Finger,
        pointerX: 100,
        pointerY: 200,
        videoWidth: 1080,
        videoHeight: 2400,
        pressure: 1,
        actionButton: 0,
        buttons: 0,
      }),
    golden:
      '02' + '00' + 'fffffffffffffffe' + '00000064' + '000000c8' + '0438' + '0960' + 'ffff' + '00000000' + '00000000',
    parsed: {
      type: CONTROL_TYPE.INJECT_TOUCH_EVENT,
      action: 0,
      pointerId: -2n,
      position: { x: 100, y: 200, screenWidth: 1080, screenHeight: 2400 },
      pressure: 1,
      actionButton: 0,
      buttons: 0,
    },
  },
  {
    name: 'INJECT_TOUCH_EVENT (second finger, half pressure)',
    bytes: () =>
      s.injectTouch({
        action: AndroidMotionEventAction.Move,
        pointerId: 7n,
        pointerX: 1079,
        pointerY: 0,
        videoWidth: 544,
        videoHeight: 1208,
        pressure: 0.5,
        actionButton: 1,
        buttons: 1,
      }),
    golden:
      '02' + '02' + '0000000000000007' + '00000437' + '00000000' + '0220' + '04b8' + '8000' + '00000001' + '00000001',
    parsed: {
      type: CONTROL_TYPE.INJECT_TOUCH_EVENT,
      action: 2,
      pointerId: 7n,
      position: { x: 1079, y: 0, screenWidth: 544, screenHeight: 1208 },
      pressure: 0.5,
      actionButton: 1,
      buttons: 1,
    },
  },
  {
    name: 'INJECT_SCROLL_EVENT (scrcpy 3.3 scales ±16 into the i16 range)',
    bytes: () =>
      s.injectScroll({
        pointerX: 540,
        pointerY: 1200,
        videoWidth: 1080,
        videoHeight: 2400,
        scrollX: 0,
        scrollY: -8,
        buttons: 0,
      })!,
    golden: '03' + '0000021c' + '000004b0' + '0438' + '0960' + '0000' + 'c000' + '00000000',
    parsed: {
      type: CONTROL_TYPE.INJECT_SCROLL_EVENT,
      position: { x: 540, y: 1200, screenWidth: 1080, screenHeight: 2400 },
      hScroll: 0,
      vScroll: -8,
      buttons: 0,
    },
  },
  {
    name: 'BACK_OR_SCREEN_ON',
    bytes: () => s.backOrScreenOn(AndroidKeyEventAction.Down)!,
    golden: '04' + '00',
    parsed: { type: CONTROL_TYPE.BACK_OR_SCREEN_ON, action: 0 },
  },
  { name: 'EXPAND_NOTIFICATION_PANEL', bytes: () => s.expandNotificationPanel(), golden: '05', parsed: { type: 5 } },
  { name: 'EXPAND_SETTINGS_PANEL', bytes: () => s.expandSettingPanel(), golden: '06', parsed: { type: 6 } },
  { name: 'COLLAPSE_PANELS', bytes: () => s.collapseNotificationPanel(), golden: '07', parsed: { type: 7 } },
  {
    name: 'SET_CLIPBOARD (paste, sequence for an ack)',
    bytes: () => {
      const r = new ScrcpyOptions3_3_3({ clipboardAutosync: true }).serializeSetClipboardControlMessage({
        type: 9,
        sequence: 1n,
        paste: true,
        content: 'copy',
      });
      return r instanceof Uint8Array ? r : r[0];
    },
    golden: '09' + '0000000000000001' + '01' + '00000004' + Buffer.from('copy').toString('hex'),
    parsed: { type: CONTROL_TYPE.SET_CLIPBOARD, sequence: 1n, paste: true, text: 'copy' },
  },
  {
    name: 'SET_DISPLAY_POWER',
    bytes: () => s.setDisplayPower(AndroidScreenPowerMode.Normal),
    golden: '0a' + '02',
    parsed: { type: CONTROL_TYPE.SET_DISPLAY_POWER, on: true },
  },
  { name: 'ROTATE_DEVICE', bytes: () => s.rotateDevice(), golden: '0b', parsed: { type: 11 } },
  {
    name: 'UHID_CREATE',
    bytes: () => s.uHidCreate({ id: 2, vendorId: 0x18d1, productId: 0x4ee7, name: 'kbd', data: Uint8Array.of(5, 1) }),
    golden: '0c' + '0002' + '18d1' + '4ee7' + '03' + Buffer.from('kbd').toString('hex') + '0002' + '0501',
    parsed: {
      type: CONTROL_TYPE.UHID_CREATE,
      id: 2,
      vendorId: 0x18d1,
      productId: 0x4ee7,
      name: 'kbd',
      data: Uint8Array.of(5, 1),
    },
  },
  {
    name: 'UHID_INPUT',
    bytes: () => s.uHidInput({ id: 2, data: Uint8Array.of(0, 0, 4) }),
    golden: '0d' + '0002' + '0003' + '000004',
    parsed: { type: CONTROL_TYPE.UHID_INPUT, id: 2, data: Uint8Array.of(0, 0, 4) },
  },
  {
    name: 'UHID_DESTROY',
    bytes: () => s.uHidDestroy(2),
    golden: '0e' + '0002',
    parsed: { type: CONTROL_TYPE.UHID_DESTROY, id: 2 },
  },
  {
    name: 'START_APP (force stop)',
    bytes: () => s.startApp('com.tactile.lab', { forceStop: true }),
    golden: '10' + '10' + Buffer.from('+com.tactile.lab').toString('hex'),
    parsed: { type: CONTROL_TYPE.START_APP, name: '+com.tactile.lab' },
  },
  { name: 'RESET_VIDEO', bytes: () => s.resetVideo(), golden: '11', parsed: { type: CONTROL_TYPE.RESET_VIDEO } },
];

describe('control messages: @yume-chan/scrcpy bytes = golden bytes = what the virtual server parses', () => {
  for (const c of cases) {
    it(c.name, () => {
      const bytes = c.bytes();
      expect(hex(bytes)).toBe(c.golden);
      expect(parseOne(bytes)).toEqual(c.parsed);
    });
  }

  it('GET_CLIPBOARD (not serialized by @yume-chan/scrcpy 2.3; bytes from ControlMessageReader.java)', () => {
    expect(parseOne(Uint8Array.of(0x08, 0x01))).toEqual({ type: CONTROL_TYPE.GET_CLIPBOARD, copyKey: 1 });
  });

  it('OPEN_HARD_KEYBOARD_SETTINGS (empty message)', () => {
    expect(parseOne(Uint8Array.of(0x0f))).toEqual({ type: CONTROL_TYPE.OPEN_HARD_KEYBOARD_SETTINGS });
  });

  it('rejects an unknown type like the Java reader', () => {
    expect(() => new ControlMessageReader().push(Uint8Array.of(0x12))).toThrow(ControlProtocolError);
  });

  it('parses any split of a message sequence into the same messages', () => {
    const all = cases.map((c) => c.bytes());
    const joined = Buffer.concat(all);
    const whole = new ControlMessageReader().push(new Uint8Array(joined));
    expect(whole).toHaveLength(cases.length);
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: joined.length - 1 }), { maxLength: 40 }), (cuts) => {
        const reader = new ControlMessageReader();
        const points = [0, ...cuts.sort((a, b) => a - b), joined.length];
        const got = [];
        for (let i = 0; i + 1 < points.length; i++)
          got.push(...reader.push(new Uint8Array(joined.subarray(points[i], points[i + 1]))));
        expect(got).toEqual(whole);
        expect(reader.bufferedBytes).toBe(0);
      }),
    );
  });
});
