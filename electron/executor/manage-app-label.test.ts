// manage_app resolves the launcher label a person reads under the icon (seed: "by human-readable name or
// package"), over the virtual device's own shell output (pm list packages, cmd package query-activities).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestAndroid, type TestAndroid } from '../../virtual-device/android/test-harness';
import { DeviceLocks } from '../device/lock';
import { createExecutor } from './executor';
import { FakeChannel, FakeInput, fakeLink } from '../../test/support/fake-device';
import { parseLauncherLabels } from './tools/app-labels';

let dir: string;
let dev: TestAndroid;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tactile-app-label-'));
  dev = createTestAndroid();
});
afterEach(() => {
  dev.android.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('manage_app by launcher label', () => {
  it('the lab exposes its label the Android way', async () => {
    const r = await dev.run(
      'cmd package query-activities -a android.intent.action.MAIN -c android.intent.category.LAUNCHER',
    );
    // The image's launcher apps: the lab and the browser that resolves VIEW http/https (as on AOSP's emulator images).
    expect(r.out).toMatch(/^2 activities found:\n {2}Activity #0:\n/);
    expect(r.out).toContain('      packageName=com.tactile.lab\n');
    expect(parseLauncherLabels(r.out)).toEqual(
      new Map([
        ['com.tactile.lab', ['Tactile Lab']],
        ['org.chromium.webview_shell', ['WebView Browser Tester']],
      ]),
    );
    expect((await dev.run('pm query-activities -a android.intent.action.VIEW')).out).toBe('No activities found\n');
  });

  it('launches "Tactile Lab" (any case) as com.tactile.lab; an unknown name is NOT_FOUND at /args/app_name', async () => {
    const link = fakeLink(new FakeChannel(), new FakeInput(), async (c) => (await dev.run(c)).out);
    const ex = createExecutor({
      links: { open: async () => link },
      locks: new DeviceLocks({ dir }),
      journal: { append: () => undefined },
    });
    const r = await ex.run(
      { tool: 'manage_app', args: { action: 'launch', app_name: 'tactile lab' } },
      { serial: 'fake-1', owner: 'unit' },
    );
    expect(r).toMatchObject({ status: 'completed', code: null, message: 'launch com.tactile.lab' });
    expect(link.shellLog).toContain("monkey -p 'com.tactile.lab' -c android.intent.category.LAUNCHER 1");
    const missing = await ex.run(
      { tool: 'manage_app', args: { action: 'launch', app_name: 'Tactile Labs' } },
      { serial: 'fake-1', owner: 'unit' },
    );
    expect(missing).toMatchObject({ status: 'not_started', code: 'NOT_FOUND', path: '/args/app_name' });
  });
});
