// The `input` forms clients send (source prefixes, keyevent --longpress/--doubletap, keycombination, swipe with a
// duration) reach the dispatcher as Android's InputShellCommand injects them, and `screencap -p` writes a PNG of
// the current display to stdout.
import { afterEach, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import type { ReceivedEvent } from '../../input-dispatcher';
import { createTestAndroid, type TestAndroid } from '../../test-harness';

let dev: TestAndroid;
afterEach(() => dev?.android.stop());

function record(): Array<{ kind: string; action: string; key: number | null; t: number }> {
  const events: Array<{ kind: string; action: string; key: number | null; t: number }> = [];
  dev.android.input.onEvent((e: ReceivedEvent) =>
    events.push({ kind: e.kind, action: e.action, key: e.key_code, t: e.received_ms }),
  );
  return events;
}

describe('input', () => {
  it('keyevent --doubletap presses twice 40 ms apart; --longpress repeats the down after the long-press timeout', async () => {
    dev = createTestAndroid();
    const events = record();
    expect((await dev.run('input keyevent --doubletap KEYCODE_VOLUME_DOWN')).code).toBe(0);
    expect(events.map((e) => e.action)).toEqual(['down', 'up', 'down', 'up']);
    expect(events[2]!.t - events[1]!.t).toBe(40);
    events.length = 0;
    expect((await dev.run('input keyboard keyevent --longpress 25')).code).toBe(0);
    expect(events.map((e) => `${e.action}:${e.key}`)).toEqual(['down:25', 'down:25', 'up:25']);
    expect(events[1]!.t - events[0]!.t).toBe(400);
  });

  it('keycombination holds every key, releases them in reverse; one key is an error', async () => {
    dev = createTestAndroid();
    const events = record();
    expect((await dev.run('input keycombination -t 100 KEYCODE_CTRL_LEFT KEYCODE_A')).code).toBe(0);
    expect(events.map((e) => `${e.action}:${e.key}`)).toEqual(['down:113', 'down:29', 'up:29', 'up:113']);
    expect(events[2]!.t - events[1]!.t).toBe(100);
    const one = await dev.run('input keycombination KEYCODE_A');
    expect(one.code).toBe(255);
    expect(one.err).toContain('IllegalArgumentException');
  });

  it('touchscreen tap and swipe x1 y1 x2 y2 ms: down, moves for the duration, up', async () => {
    dev = createTestAndroid();
    const events = record();
    expect((await dev.run('input touchscreen tap 540 1200')).code).toBe(0);
    expect(events.map((e) => e.action)).toEqual(['down', 'up']);
    events.length = 0;
    const start = dev.now();
    expect((await dev.run('input -d 0 swipe 540 1800 540 600 250')).code).toBe(0);
    expect(events[0]!.action).toBe('down');
    expect(events.at(-1)!.action).toBe('up');
    expect(events.filter((e) => e.action === 'move').length).toBeGreaterThan(10);
    expect(dev.now() - start).toBeGreaterThanOrEqual(250);
  });
});

describe('screencap -p', () => {
  it('writes a PNG of the display, at the rotated size after a rotation', async () => {
    dev = createTestAndroid();
    const png = PNG.sync.read((await dev.run('screencap -p')).stdout);
    expect([png.width, png.height]).toEqual([1080, 2400]);
    await dev.run('wm user-rotation lock 1');
    const rotated = PNG.sync.read((await dev.run('screencap -p')).stdout);
    expect([rotated.width, rotated.height]).toEqual([2400, 1080]);
  });
});
