// The virtual device's package manager installs a real APK built with aapt (binary manifest, v1 signature)
// and refuses bad ones with Android's INSTALL_* codes, through `pm` as a host would call it.
import { afterEach, describe, expect, it } from 'vitest';
import { buildApk } from '../../test/support/build-apk';
import { createTestAndroid, type TestAndroid } from './test-harness';

let dev: TestAndroid;
afterEach(() => dev?.android.stop());

const push = (path: string, bytes: Buffer) => dev.android.fs.write(path, bytes, 0o644, 0);
const base = { packageName: 'com.tactile.hello', label: 'Hello Tactile', versionCode: 3, versionName: '1.2.0' };

describe('pm install of APKs', () => {
  it('installs, lists with version and label, launches, and uninstalls an aapt-built APK', async () => {
    dev = createTestAndroid();
    push('/data/local/tmp/hello.apk', buildApk(base));
    expect((await dev.run('pm install /data/local/tmp/hello.apk')).out).toBe('Success\n');
    expect((await dev.run('pm list packages -3 --show-versioncode')).out).toContain(
      'package:com.tactile.hello versionCode:3',
    );
    expect((await dev.run('dumpsys package com.tactile.hello')).out).toContain('versionName=1.2.0');
    expect(
      (await dev.run('cmd package query-activities -a android.intent.action.MAIN -c android.intent.category.LAUNCHER'))
        .out,
    ).toContain('nonLocalizedLabel=Hello Tactile');
    expect((await dev.run('monkey -p com.tactile.hello -c android.intent.category.LAUNCHER 1')).code).toBe(0);
    expect(dev.android.lab.focusedActivity).toBe('com.tactile.hello/com.tactile.hello.MainActivity');
    expect(dev.android.lab.snapshot().nodes.some((n) => n.text === 'Hello Tactile')).toBe(true);
    expect((await dev.run('pm uninstall com.tactile.hello')).out).toBe('Success\n');
    // Its task is gone: the lab, which was behind it, is in front again.
    expect(dev.android.lab.focusedActivity).toBe('com.tactile.lab/com.tactile.lab.MainActivity');
    expect((await dev.run('pm list packages -3')).out).not.toContain('com.tactile.hello');
  }, 120_000);

  it('refuses unsigned, too-new, v1-only targetSdk 30, downgrades and non-APKs with their codes', async () => {
    dev = createTestAndroid();
    const cases: Array<[Buffer, string]> = [
      [buildApk({ ...base, sign: false }), 'INSTALL_PARSE_FAILED_NO_CERTIFICATES'],
      [buildApk({ ...base, minSdk: 35 }), 'INSTALL_FAILED_OLDER_SDK'],
      [buildApk({ ...base, targetSdk: 30 }), 'INSTALL_PARSE_FAILED_NO_CERTIFICATES'],
      [buildApk({ ...base, targetSdk: 22, minSdk: 21 }), 'INSTALL_FAILED_DEPRECATED_SDK_VERSION'],
      [Buffer.from('not a zip'), 'INSTALL_PARSE_FAILED_NOT_APK'],
    ];
    for (const [bytes, code] of cases) {
      push('/data/local/tmp/x.apk', bytes);
      const r = await dev.run('pm install /data/local/tmp/x.apk');
      expect(r.out, code).toMatch(new RegExp(`^Failure \\[${code}: `));
      expect(r.code).toBe(1);
    }
    push('/data/local/tmp/x.apk', buildApk(base));
    await dev.run('pm install /data/local/tmp/x.apk');
    push('/data/local/tmp/x.apk', buildApk({ ...base, versionCode: 2 }));
    expect((await dev.run('pm install /data/local/tmp/x.apk')).out).toMatch(
      /^Failure \[INSTALL_FAILED_VERSION_DOWNGRADE: /,
    );
  }, 240_000);

  it('Recents lists the installed app and the lab; a second APP_SWITCH switches between them', async () => {
    dev = createTestAndroid();
    push('/data/local/tmp/hello.apk', buildApk(base));
    await dev.run('pm install /data/local/tmp/hello.apk');
    await dev.run('am start -n com.tactile.hello/.MainActivity');
    await dev.run('input keyevent 187');
    const cards = dev.android.lab
      .snapshot()
      .nodes.filter((n) => n.resource_id === 'com.android.launcher3:id/task_view')
      .map((n) => n.content_desc);
    expect(cards).toEqual(['Hello Tactile', 'Tactile Lab']);
    await dev.run('input keyevent 187');
    expect(dev.android.lab.focusedActivity).toBe('com.tactile.lab/com.tactile.lab.MainActivity');
    await dev.run('input keyevent 187');
    await dev.run('input keyevent 187');
    expect(dev.android.lab.focusedActivity).toBe('com.tactile.hello/com.tactile.hello.MainActivity');
  }, 120_000);
});
