// One rotation, read everywhere: the settings DisplayRotation observes (user_rotation while accelerometer_rotation
// is 0), `wm user-rotation`, every dumpsys, the uiautomator node tree and the screenshot agree.
import { afterEach, describe, expect, it } from 'vitest';
import { parseDumpsysDisplay, parseDumpsysInput, parseWindowDisplays } from '../../test/support/android-dump-parsers';
import { createTestAndroid, type TestAndroid } from './test-harness';

let dev: TestAndroid;
afterEach(() => dev?.android.stop());

/** Every reader of the rotation, as a client would see it. */
async function readings() {
  const display = parseDumpsysDisplay((await dev.run('dumpsys display')).out);
  const window = parseWindowDisplays((await dev.run('dumpsys window displays')).out);
  const input = parseDumpsysInput((await dev.run('dumpsys input')).out);
  const xml = (await dev.run('uiautomator dump /dev/tty')).out;
  const png = (await dev.run('screencap -p')).stdout;
  const nodes = [...xml.matchAll(/bounds="\[(\d+),(\d+)\]\[(\d+),(\d+)\]"/g)].map((m) => [Number(m[3]), Number(m[4])]);
  return {
    wm: (await dev.run('wm user-rotation')).out.trim(),
    viewport: display.viewport?.orientation,
    logical: display.logical && [display.logical.width, display.logical.height, display.logical.rotation],
    window: [window.rotation, window.cur?.width, window.cur?.height],
    input: [input.surfaceOrientation, input.viewport?.orientation, input.surfaceWidth, input.surfaceHeight],
    hierarchy: Number(/<hierarchy rotation="(\d)"/.exec(xml)?.[1]),
    nodesWithin: nodes.every(([r, b]) => r! <= png.readUInt32BE(16) && b! <= png.readUInt32BE(20)),
    picture: [png.readUInt32BE(16), png.readUInt32BE(20)],
  };
}

const landscape = (r: 1 | 3, wm: string) => ({
  wm,
  viewport: r,
  logical: [2400, 1080, r],
  window: [r, 2400, 1080],
  input: [r, r, 2400, 1080],
  hierarchy: r,
  nodesWithin: true,
  picture: [2400, 1080],
});
const portrait = (wm: string) => ({
  wm,
  viewport: 0,
  logical: [1080, 2400, 0],
  window: [0, 1080, 2400],
  input: [0, 0, 1080, 2400],
  hierarchy: 0,
  nodesWithin: true,
  picture: [1080, 2400],
});

describe('rotation consistency', () => {
  it('settings put system user_rotation 1 with accelerometer_rotation 0 turns everything a quarter', async () => {
    dev = createTestAndroid();
    expect(await readings()).toEqual(portrait('lock 0'));
    expect((await dev.run('settings get system accelerometer_rotation')).out).toBe('0\n');
    expect((await dev.run('settings put system user_rotation 1')).code).toBe(0);
    expect(await readings()).toEqual(landscape(1, 'lock 1'));
  });

  it('wm user-rotation lock 3 writes both settings; lock alone keeps the current rotation', async () => {
    dev = createTestAndroid();
    await dev.run('settings put system accelerometer_rotation 1');
    expect((await dev.run('wm user-rotation lock 3')).code).toBe(0);
    expect((await dev.run('settings get system accelerometer_rotation')).out).toBe('0\n');
    expect((await dev.run('settings get system user_rotation')).out).toBe('3\n');
    expect(await readings()).toEqual(landscape(3, 'lock 3'));
    expect((await dev.run('wm user-rotation lock')).code).toBe(0);
    expect((await dev.run('wm user-rotation')).out).toBe('lock 3\n');
  });

  it('free rotation follows the (upright) accelerometer and ignores user_rotation until locked again', async () => {
    dev = createTestAndroid();
    await dev.run('wm user-rotation lock 1');
    expect((await dev.run('wm user-rotation free')).code).toBe(0);
    expect((await dev.run('settings get system accelerometer_rotation')).out).toBe('1\n');
    expect(await readings()).toEqual(portrait('free'));
    await dev.run('settings put system user_rotation 3');
    expect(dev.android.display.rotation).toBe(0);
    await dev.run('settings put system accelerometer_rotation 0');
    expect(await readings()).toEqual(landscape(3, 'lock 3'));
  });

  it('refuses what Android refuses, and changes nothing', async () => {
    dev = createTestAndroid();
    const bad = await dev.run('settings put system user_rotation 7');
    expect(bad).toMatchObject({
      code: 255,
      err: expect.stringContaining('Invalid value: 7 for setting: user_rotation'),
    });
    expect(await dev.run('wm user-rotation lock 5')).toMatchObject({
      code: 255,
      err: expect.stringContaining('Rotation value must be one of'),
    });
    expect(await dev.run('wm user-rotation sideways')).toMatchObject({
      code: 255,
      err: 'Error: argument needs to be either -d, free or lock.\n',
    });
    expect(await dev.run('wm -d 1 user-rotation')).toMatchObject({ code: 255 });
    expect((await dev.run('wm user-rotation -d 0 lock 1')).code).toBe(0);
    expect(dev.android.display.rotation).toBe(1);
  });
});
