// Each system-service answer of the virtual device against a real Android 14 capture of the same command: one
// client-style parser reads both, and it must find the same fields (and, where the virtual phone is configured
// like the captured Pixel 7 — 1080×2400 at 420 dpi — the same display values).
import { afterEach, describe, expect, it } from 'vitest';
import { android14Fixture } from '../../../../../test/support/android14-fixtures';
import {
  parseDumpsysBattery,
  parseDumpsysDisplay,
  parseDumpsysInput,
  parseDumpsysPower,
  parseGetprop,
  parseWindowDisplays,
  parseWindowWindows,
} from '../../../../../test/support/android-dump-parsers';
import { createTestAndroid, type TestAndroid } from '../../../test-harness';

let dev: TestAndroid;
afterEach(() => dev?.android.stop());

/** The parse with every leaf replaced by its type: which fields came out, whatever their values. */
function shape(v: unknown): unknown {
  if (v === null || v === undefined) return v;
  if (Array.isArray(v)) return v.length === 0 ? [] : [shape(v[0])];
  if (typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, shape(x)]));
  return typeof v;
}

async function run(line: string): Promise<string> {
  const r = await dev.run(line);
  expect(r.code, `${line}: ${r.err}`).toBe(0);
  return r.out;
}

describe('virtual device vs real Android 14: dumpsys display', () => {
  it('portrait: the viewport, panel and logical display parse to the fixture’s fields and display values', async () => {
    dev = createTestAndroid();
    const real = parseDumpsysDisplay(android14Fixture('dumpsys-display'));
    const ours = parseDumpsysDisplay(await run('dumpsys display'));
    expect(real.viewport).not.toBeNull();
    expect(shape(ours)).toEqual(shape(real));
    const display = (p: typeof real) => ({
      viewport: { ...p.viewport, uniqueId: undefined },
      logical: p.logical,
      stableSize: p.stableSize,
      displayState: p.displayState,
      device: { ...p.device, name: undefined, uniqueId: undefined },
    });
    expect(display(ours)).toEqual(display(real));
  });

  it('turned a quarter: orientation, frames and the swapped device size match the landscape capture', async () => {
    dev = createTestAndroid();
    await run('wm user-rotation lock 1');
    const real = parseDumpsysDisplay(android14Fixture('dumpsys-display-rotation1'));
    const ours = parseDumpsysDisplay(await run('dumpsys display'));
    expect(real.viewport).toMatchObject({ orientation: 1, deviceWidth: 2400, deviceHeight: 1080 });
    expect({ ...ours.viewport, uniqueId: '' }).toEqual({ ...real.viewport, uniqueId: '' });
    expect(ours.logical).toMatchObject({ width: 2400, height: 1080, rotation: 1 });
    expect(ours.device).toMatchObject({ width: real.device?.width, height: real.device?.height, rotation: 0 });
  });
});

describe('virtual device vs real Android 14: dumpsys window', () => {
  it('displays: init/cur/app sizes, focus and DisplayRotation parse alike', async () => {
    dev = createTestAndroid();
    const real = parseWindowDisplays(android14Fixture('dumpsys-window-displays'));
    const ours = parseWindowDisplays(await run('dumpsys window displays'));
    expect(shape(ours)).toEqual(shape(real));
    expect(ours.focusedWindow).toEqual({ package: 'com.tactile.lab', activity: 'com.tactile.lab.MainActivity' });
    expect(ours.focusedApp).toMatchObject({ package: 'com.tactile.lab', activity: '.MainActivity' });
    const display = (p: typeof real) => ({
      init: p.init,
      cur: p.cur,
      rotation: p.rotation,
      userRotationMode: p.userRotationMode,
      frames: p.frames,
    });
    expect(display(ours)).toEqual(display(real));
  });

  it('displays after settings put system user_rotation 1: the landscape capture’s values', async () => {
    dev = createTestAndroid();
    await run('settings put system user_rotation 1');
    const real = parseWindowDisplays(android14Fixture('dumpsys-window-displays-rotation1'));
    const ours = parseWindowDisplays(await run('dumpsys window displays'));
    const display = (p: typeof real) => ({
      init: p.init,
      cur: p.cur,
      rotation: p.rotation,
      userRotation: p.userRotation,
      frames: p.frames,
    });
    expect(display(ours)).toEqual(display(real));
    expect(real.rotation).toBe(1);
  });

  it('windows: each window has a title, type, frame and visibility; no focus lines (Android 10+)', async () => {
    dev = createTestAndroid();
    const fixture = android14Fixture('dumpsys-window-windows');
    const real = parseWindowWindows(fixture);
    const out = await run('dumpsys window windows');
    const ours = parseWindowWindows(out);
    expect(real.windows.length).toBeGreaterThan(2);
    expect(shape(ours)).toEqual(shape(real));
    expect(ours.windows.map((w) => w.type)).toEqual(expect.arrayContaining(['STATUS_BAR', 'BASE_APPLICATION']));
    expect(ours.windows.find((w) => w.type === 'BASE_APPLICATION')).toMatchObject({
      title: 'com.tactile.lab/com.tactile.lab.MainActivity',
      frame: { left: 0, top: 0, right: 1080, bottom: 2400 },
    });
    expect(fixture).not.toContain('mCurrentFocus');
    expect(out).not.toContain('mCurrentFocus');
  });
});

describe('virtual device vs real Android 14: dumpsys input, power, battery', () => {
  it('input: the touchscreen viewport and surface lines parse to the fixture’s values', async () => {
    dev = createTestAndroid();
    const real = parseDumpsysInput(android14Fixture('dumpsys-input'));
    const ours = parseDumpsysInput(await run('dumpsys input'));
    expect(shape(ours)).toEqual(shape(real));
    expect({ ...ours, focusedWindow: undefined }).toEqual({ ...real, focusedWindow: undefined });
    expect(ours.focusedWindow).toBe('com.tactile.lab/com.tactile.lab.MainActivity');
  });

  it('power: awake with the display suspend blocker held, as the capture of a phone whose screen is on', async () => {
    dev = createTestAndroid();
    const real = parseDumpsysPower(android14Fixture('dumpsys-power'));
    const ours = parseDumpsysPower(await run('dumpsys power'));
    expect(shape(ours)).toEqual(shape(real));
    const screen = (p: typeof real) => ({
      wakefulness: p.wakefulness,
      holding: p.holdingDisplaySuspendBlocker,
      display: p.displayPower,
      powered: p.isPowered,
      plug: p.plugType,
    });
    expect(screen(ours)).toEqual(screen(real));
    expect(screen(real)).toEqual({ wakefulness: 'Awake', holding: true, display: 'ON', powered: true, plug: 2 });
  });

  it('power after KEYCODE_POWER: asleep, blocker released, display OFF', async () => {
    dev = createTestAndroid();
    await run('input keyevent KEYCODE_POWER');
    expect(parseDumpsysPower(await run('dumpsys power'))).toMatchObject({
      wakefulness: 'Asleep',
      holdingDisplaySuspendBlocker: false,
      displayPower: 'OFF',
    });
    expect(parseDumpsysDisplay(await run('dumpsys display')).displayState).toBe('OFF');
  });

  it('battery: the same keys in the same order as BatteryService prints them', async () => {
    dev = createTestAndroid();
    const real = parseDumpsysBattery(android14Fixture('dumpsys-battery'));
    const ours = parseDumpsysBattery(await run('dumpsys battery'));
    expect(Object.keys(ours)).toEqual(Object.keys(real));
    expect(ours).toMatchObject({ 'USB powered': 'true', present: 'true', scale: '100', technology: 'Li-ion' });
  });

  it('battery set / unplug / reset change what battery and power report, as on a phone', async () => {
    dev = createTestAndroid();
    await run('dumpsys battery set level 42');
    await run('dumpsys battery unplug');
    const out = await run('dumpsys battery');
    expect(out).toContain("(UPDATES STOPPED -- use 'reset' to restart)");
    expect(parseDumpsysBattery(out)).toMatchObject({ level: '42', 'USB powered': 'false', 'AC powered': 'false' });
    expect(parseDumpsysPower(await run('dumpsys power'))).toMatchObject({ isPowered: false, plugType: 0 });
    expect(await run('dumpsys battery set nonsense 1')).toBe('Unknown set option: nonsense\n');
    await run('dumpsys battery reset');
    expect(parseDumpsysBattery(await run('dumpsys battery'))).toMatchObject({ level: '100', 'USB powered': 'true' });
  });
});

describe('virtual device vs real Android 14: getprop and wm', () => {
  it('getprop: every property the capture has that clients read is there, in the same [key]: [value] form', async () => {
    dev = createTestAndroid();
    const real = parseGetprop(android14Fixture('getprop'));
    const ours = parseGetprop(await run('getprop'));
    const read = [
      'ro.build.version.sdk',
      'ro.build.version.release',
      'ro.build.version.security_patch',
      'ro.build.version.incremental',
      'ro.product.model',
      'ro.product.brand',
      'ro.product.manufacturer',
      'ro.product.name',
      'ro.product.device',
      'ro.product.cpu.abi',
      'ro.product.cpu.abilist',
      'ro.serialno',
      'ro.boot.serialno',
      'ro.build.fingerprint',
      'ro.build.id',
      'ro.build.type',
      'ro.build.tags',
      'ro.build.display.id',
      'ro.sf.lcd_density',
      'persist.sys.locale',
      'persist.sys.timezone',
      'sys.boot_completed',
      'ro.secure',
      'ro.debuggable',
      'init.svc.adbd',
      'ro.adb.secure',
      'sys.usb.state',
    ];
    for (const key of read) {
      expect(real, key).toHaveProperty([key]);
      expect(ours, key).toHaveProperty([key]);
    }
    expect(ours['ro.build.version.security_patch']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(ours['ro.build.fingerprint']).toMatch(/^[^/]+\/[^/]+\/[^:]+:[^/]+\/[^/]+\/[^:]+:\w+\/[\w-]+$/);
    expect(real['ro.build.fingerprint']).toMatch(/^[^/]+\/[^/]+\/[^:]+:[^/]+\/[^/]+\/[^:]+:\w+\/[\w-]+$/);
    expect({
      sdk: ours['ro.build.version.sdk'],
      release: ours['ro.build.version.release'],
      density: ours['ro.sf.lcd_density'],
    }).toEqual({
      sdk: real['ro.build.version.sdk'],
      release: real['ro.build.version.release'],
      density: real['ro.sf.lcd_density'],
    });
  });

  it('wm size / density / user-rotation answer byte for byte as the captures', async () => {
    dev = createTestAndroid();
    expect(await run('wm size')).toBe(android14Fixture('wm-size'));
    await run('wm size 720x1600');
    expect(await run('wm size')).toBe(android14Fixture('wm-size-override'));
    await run('wm density 320');
    expect(await run('wm density')).toBe(android14Fixture('wm-density'));
    await run('wm user-rotation lock 1');
    expect(await run('wm user-rotation')).toBe(android14Fixture('wm-user-rotation'));
  });
});
