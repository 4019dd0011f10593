// An app installed from an aapt-built APK lives like one on a phone: install times and user state in `dumpsys
// package`, no process until launched, a pid from `am start -W` on (COLD), the same pid in ps and dumpsys
// activity, a new pid after force-stop and relaunch, and an update that keeps its uid and first install time.
import { afterEach, expect, it } from 'vitest';
import { buildApk } from '../../test/support/build-apk';
import { parseActivities, parseAmStartW, parsePackageDump, parsePs } from '../../test/support/android-app-parsers';
import { createTestAndroid, type TestAndroid } from './test-harness';

let dev: TestAndroid;
afterEach(() => dev?.android.stop());
const PKG = 'com.tactile.hello';
const out = async (line: string) => (await dev.run(line)).out;

it('an installed app: install times, a pid per process life, the same pid everywhere, updates keep uid and first install', async () => {
  dev = createTestAndroid();
  dev.android.fs.write(
    '/data/local/tmp/hello.apk',
    buildApk({ packageName: PKG, label: 'Hello Tactile', versionCode: 3, versionName: '1.2.0' }),
    0o644,
    0,
  );
  expect(await out('pm install /data/local/tmp/hello.apk')).toBe('Success\n');
  const installedAt = Math.floor(dev.now() / 1000) * 1000;
  const fresh = parsePackageDump(await out(`dumpsys package ${PKG}`));
  expect(fresh).toMatchObject({
    versionCode: 3,
    versionName: '1.2.0',
    firstInstallTime: installedAt,
    lastUpdateTime: installedAt,
    stopped: true,
    notLaunched: true,
  });
  expect((await dev.run(`pidof ${PKG}`)).code).toBe(1);

  const cold = parseAmStartW(await out(`am start -W -n ${PKG}/.MainActivity`));
  expect(cold).toMatchObject({ status: 'ok', launchState: 'COLD', activity: `${PKG}/.MainActivity`, complete: true });
  const pid = (await out(`pidof ${PKG}`)).trim();
  expect(Number(pid)).toBeGreaterThan(0);
  expect(parsePs(await out('ps -A')).find((r) => r.NAME === PKG)).toMatchObject({
    PID: pid,
    USER: `u0_a${fresh.userId! - 10000}`,
  });
  expect(parseActivities(await out('dumpsys activity activities'))).toMatchObject({
    resumed: `${PKG}/.MainActivity`,
    pid: Number(pid),
    processName: PKG,
  });
  expect(parsePackageDump(await out(`dumpsys package ${PKG}`))).toMatchObject({ stopped: false, notLaunched: false });
  expect(parseAmStartW(await out(`am start -W -n ${PKG}/.MainActivity`)).launchState).toBe('UNKNOWN (0)');
  expect((await out(`pidof ${PKG}`)).trim()).toBe(pid);

  await dev.run(`am force-stop ${PKG}`);
  expect((await dev.run(`pidof ${PKG}`)).code).toBe(1);
  expect(parsePackageDump(await out(`dumpsys package ${PKG}`)).stopped).toBe(true);
  await dev.run(`monkey -p ${PKG} -c android.intent.category.LAUNCHER 1`);
  const again = (await out(`pidof ${PKG}`)).trim();
  expect(Number(again)).toBeGreaterThan(0);
  expect(again).not.toBe(pid);

  dev.advance(60_000);
  dev.android.fs.write(
    '/data/local/tmp/hello2.apk',
    buildApk({ packageName: PKG, label: 'Hello Tactile', versionCode: 4, versionName: '1.3.0' }),
    0o644,
    0,
  );
  expect(await out('pm install /data/local/tmp/hello2.apk')).toBe('Success\n');
  const updated = parsePackageDump(await out(`dumpsys package ${PKG}`));
  expect(updated).toMatchObject({
    versionCode: 4,
    versionName: '1.3.0',
    userId: fresh.userId,
    firstInstallTime: installedAt,
    lastUpdateTime: installedAt + 60_000,
  });
  expect(updated.codePath).not.toBe(fresh.codePath);
}, 120_000);
