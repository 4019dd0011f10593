// The screen pixels follow the model: screencap -p decodes to the screen size and shows the state.
import { mkdirSync, writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestAndroid, type TestAndroid } from '../android/test-harness';
import type { Rect } from './types';

let dev: TestAndroid;
afterEach(() => dev?.android.stop());

const PRIMARY = [0x3f, 0x51, 0xb5];
const STATUS = [0x1a, 0x23, 0x7e];

function pixel(png: PNG, x: number, y: number): number[] {
  const i = (png.width * Math.round(y) + Math.round(x)) * 4;
  return [...png.data.subarray(i, i + 4)];
}

function countColour(png: PNG, r: Rect, rgb: number[]): number {
  let n = 0;
  for (let y = r.top; y < r.bottom; y++)
    for (let x = r.left; x < r.right; x++) {
      const p = pixel(png, x, y);
      if (p[0] === rgb[0] && p[1] === rgb[1] && p[2] === rgb[2]) n++;
    }
  return n;
}

async function screencap(): Promise<PNG> {
  const r = await dev.run('screencap -p');
  expect(r.code).toBe(0);
  return PNG.sync.read(r.stdout);
}

describe('lab rendering', () => {
  it('screencap -p is a PNG of the screen size with the app bar and status bar colours', async () => {
    dev = createTestAndroid();
    const png = await screencap();
    expect([png.width, png.height]).toEqual([1080, 2400]);
    const bar = dev.android.lab.findNode('com.tactile.lab:id/toolbar')!.bounds;
    expect(pixel(png, bar.right - 20, bar.bottom - 10)).toEqual([...PRIMARY, 255]);
    expect(pixel(png, 540, 10)).toEqual([...STATUS, 255]);
    mkdirSync('test-results', { recursive: true });
    writeFileSync('test-results/lab-main.png', PNG.sync.write(png));
  });

  it('the checkbox region fills with the primary colour after a tap', async () => {
    dev = createTestAndroid();
    const b = dev.android.lab.findNode('com.tactile.lab:id/checkbox')!.bounds;
    const box = { left: b.left, top: b.top, right: b.left + Math.round((b.bottom - b.top) * 0.6), bottom: b.bottom };
    const before = countColour(await screencap(), box, PRIMARY);
    await dev.run(`input tap ${(b.left + b.right) / 2} ${(b.top + b.bottom) / 2}`);
    const after = countColour(await screencap(), box, PRIMARY);
    expect(after).toBeGreaterThan(before * 3 + 500);
  });

  it('follows rotation, caches frames by version and bumps the version on visible changes only', async () => {
    dev = createTestAndroid({ width: 720, height: 1600, density: 320 });
    const r = dev.android.renderer;
    const f1 = r.render();
    expect([f1.width, f1.height, f1.rgba.length]).toEqual([720, 1600, 720 * 1600 * 4]);
    expect(r.render()).toBe(f1);
    dev.advance(5000); // nothing animates: same frame
    expect(r.render()).toBe(f1);
    dev.android.lab.performAction('com.tactile.lab:id/seekbar', 'set_progress', { value: 10 });
    const f2 = r.render();
    expect(f2.version).toBeGreaterThan(f1.version);
    dev.android.setRotation(3);
    const f3 = r.render();
    expect([f3.width, f3.height]).toEqual([1600, 720]);
    const png = await screencap();
    expect([png.width, png.height]).toEqual([1600, 720]);
  });
});
