// With the default (real) clock, time-driven changes reach onChange listeners without anyone polling.
import { describe, expect, it, vi } from 'vitest';
import { createSimulatedAndroid } from '../android';
import { createAndroidFileSystem } from '../fs/android-tree';

describe('lab with real timers', () => {
  it('keeps ticking while playing, notifies listeners, and stops ticking after stop()', async () => {
    const android = createSimulatedAndroid({ fs: createAndroidFileSystem() });
    const versions: number[] = [];
    android.lab.onChange((v) => versions.push(v));
    expect(android.lab.performAction('com.tactile.lab:id/play_pause', 'click')).toBe(true);
    const afterClick = versions.length;
    await vi.waitFor(() => expect(versions.length).toBeGreaterThan(afterClick + 1), { timeout: 10_000 });
    android.stop();
    const atStop = versions.length;
    // Deliberate: no change may come over this time after stop() (a slower machine only waits longer).
    await new Promise((r) => setTimeout(r, 100));
    expect(versions.length).toBe(atStop);
  });
});
