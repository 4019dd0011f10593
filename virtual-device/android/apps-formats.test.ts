// The virtual device's package, activity, process and network answers parse the way real Android 14 output
// does: one client-style parser (test/support/android-app-parsers.ts) runs over the real fixture and over the
// device's answer, and the fields it pulls out, and their types, are the same; then the values are checked.
import { afterEach, describe, expect, it } from 'vitest';
import { parseLogcat } from '../../shared/verify/logcat';
import {
  parseActivities,
  parseAmStartW,
  parseIfconfig,
  parseIpAddr,
  parseIpRoute,
  parseMonkey,
  parsePackageDump,
  parsePmList,
  parsePmPath,
  parsePs,
  shape,
} from '../../test/support/android-app-parsers';
import { android14Fixture } from '../../test/support/android14-fixtures';
import { createTestAndroid, type TestAndroid } from './test-harness';

let dev: TestAndroid;
afterEach(() => dev?.android.stop());
const LAB = 'com.tactile.lab';
const out = async (line: string) => (await dev.run(line)).out;
const pidof = async (name: string) => (await out(`pidof ${name}`)).trim();
/** Android 11+'s random install directory, as both the fixture and the device name it. */
const DATA_APK = /^\/data\/app\/~~[A-Za-z0-9_-]{22}==\/[a-z.]+-[A-Za-z0-9_-]{22}==\/base\.apk$/;

describe('dumpsys package', () => {
  it('PKG: versions, install times, code path and user state come out as from Android 14', async () => {
    dev = createTestAndroid();
    const real = parsePackageDump(android14Fixture('dumpsys-package'));
    expect(real).toMatchObject({
      packageName: 'com.example.notes',
      versionCode: 248,
      versionName: '1.4.73',
      targetSdk: 34,
      installed: true,
      launcherActivity: 'com.example.notes/.MainActivity',
    });
    const ours = parsePackageDump(await out(`dumpsys package ${LAB}`));
    expect(shape(ours)).toEqual(shape(real));
    // Its sections are the real dump's, in the real order (the real one has a few more).
    expect(real.sections.filter((s) => ours.sections.includes(s))).toEqual(ours.sections);
    const installedAt = Math.floor(dev.now() / 1000) * 1000;
    expect(ours).toMatchObject({
      packageName: LAB,
      versionCode: 1,
      versionName: '1.0',
      firstInstallTime: installedAt,
      lastUpdateTime: installedAt,
      stopped: false,
      launcherActivity: `${LAB}/.MainActivity`,
    });
    expect(`${ours.codePath}/base.apk`).toMatch(DATA_APK);
    expect(`${real.codePath}/base.apk`).toMatch(DATA_APK);
  });

  it('force-stop shows as stopped=true until the next launch; an unknown package prints no Packages section', async () => {
    dev = createTestAndroid();
    await dev.run(`am force-stop ${LAB}`);
    expect(parsePackageDump(await out(`dumpsys package ${LAB}`)).stopped).toBe(true);
    await dev.run(`monkey -p ${LAB} -c android.intent.category.LAUNCHER 1`);
    expect(parsePackageDump(await out(`dumpsys package ${LAB}`)).stopped).toBe(false);
    const unknown = await out('dumpsys package com.nope');
    expect(unknown).not.toContain('Packages:');
    expect(parsePackageDump(unknown).packageName).toBeNull();
  });
});

describe('dumpsys activity activities', () => {
  it('names the resumed activity, its task and its process pid, as Android 14 does', async () => {
    dev = createTestAndroid();
    const real = parseActivities(android14Fixture('dumpsys-activity-activities'));
    expect(real).toMatchObject({
      header: true,
      resumed: 'com.example.notes/.MainActivity',
      task: 58,
      topResumedMatches: true,
      pid: 12345,
      processName: 'com.example.notes',
      state: 'RESUMED',
    });
    const ours = parseActivities(await out('dumpsys activity activities'));
    expect(shape(ours)).toEqual(shape(real));
    expect(ours).toMatchObject({
      resumed: `${LAB}/.MainActivity`,
      task: 42,
      topResumedMatches: true,
      processName: LAB,
      state: 'RESUMED',
    });
    expect(ours.pid).toBe(Number(await pidof(LAB)));
    expect(ours.tasks).toEqual(['standard', 'home', 'home']);
    expect(real.tasks).toEqual(['standard', 'home', 'home']);
  });

  it('after force-stop the launcher is resumed and the lab has no process; top names the pid', async () => {
    dev = createTestAndroid();
    expect(await out('dumpsys activity top')).toMatch(
      new RegExp(`^ {2}ACTIVITY ${LAB}/\\.MainActivity [0-9a-f]+ pid=${await pidof(LAB)}$`, 'm'),
    );
    await dev.run(`am force-stop ${LAB}`);
    const after = parseActivities(await out('dumpsys activity activities'));
    expect(after.resumed).toBe('com.android.launcher3/.uioverrides.QuickstepLauncher');
    expect(after.pid).toBe(Number(await pidof('com.android.launcher3')));
    expect((await dev.run(`pidof ${LAB}`)).code).toBe(1);
    expect(await out('dumpsys activity processes')).not.toContain(`:${LAB}/`);
  });
});

describe('processes', () => {
  it('pidof: the focused app has a non-zero pid, stable while it runs, a new one after force-stop and relaunch', async () => {
    dev = createTestAndroid();
    expect(android14Fixture('pidof')).toMatch(/^\d+( \d+)*\n$/);
    const first = await pidof(LAB);
    expect(`${first}\n`).toMatch(/^\d+( \d+)*\n$/);
    expect(Number(first)).toBeGreaterThan(0);
    await dev.run('input keyevent KEYCODE_HOME');
    await dev.run(`am start -n ${LAB}/.MainActivity`);
    expect(await pidof(LAB)).toBe(first);
    await dev.run(`am force-stop ${LAB}`);
    expect(await dev.run(`pidof ${LAB}`)).toMatchObject({ code: 1, out: '' });
    await dev.run(`am start -n ${LAB}/.MainActivity`);
    const second = await pidof(LAB);
    expect(second).not.toBe(first);
    expect(Number(second)).toBeGreaterThan(0);
  });

  it('ps -A has toybox columns and alignment, with the app forked from zygote64 as its u0_a user', async () => {
    dev = createTestAndroid();
    const realText = android14Fixture('ps-A');
    const oursText = await out('ps -A');
    const real = parsePs(realText);
    const ours = parsePs(oursText);
    expect(Object.keys(ours[0]!)).toEqual(['USER', 'PID', 'PPID', 'VSZ', 'RSS', 'WCHAN', 'ADDR', 'S', 'NAME']);
    expect(Object.keys(ours[0]!)).toEqual(Object.keys(real[0]!));
    expect(oursText.split('\n')[0]).toBe(realText.split('\n')[0]);
    // init has the same figures on both: an 8-digit VSZ takes its overflow back from RSS's padding, as toybox does.
    expect(oursText.split('\n')[1]).toBe(realText.split('\n')[1]);
    // PID is right-aligned under its title (USER is 12 wide): the same column ends every row's pid.
    const end = oursText.indexOf('PID') + 3;
    for (const text of [realText, oursText]) {
      for (const row of text.split('\n').slice(1).filter(Boolean)) expect(row.slice(end - 5, end)).toMatch(/^ *\d+$/);
    }
    const lab = ours.find((r) => r.NAME === LAB)!;
    const zygote = ours.find((r) => r.NAME === 'zygote64')!;
    expect(lab.PID).toBe(await pidof(LAB));
    expect(lab.PPID).toBe(zygote.PID);
    expect(lab.USER).toMatch(/^u0_a\d+$/);
    expect(real.find((r) => r.NAME === 'com.example.notes')).toMatchObject({
      PID: '12345',
      PPID: '598',
      USER: 'u0_a190',
    });
  });

  it('ps -A -o PID,NAME and ps -p PID select columns and processes the way toybox does', async () => {
    dev = createTestAndroid();
    const real = parsePs(android14Fixture('ps-A-o-PID-NAME'));
    const ours = parsePs(await out('ps -A -o PID,NAME'));
    expect(shape(ours)).toEqual(shape(real));
    expect(ours.find((r) => r.NAME === LAB)?.PID).toBe(await pidof(LAB));
    const one = await dev.run(`ps -p ${await pidof(LAB)} -o PID,USER,NAME`);
    expect(one.out.split('\n').filter(Boolean)).toHaveLength(2);
    expect((await dev.run('ps -p 99999')).code).toBe(1);
  });
});

describe('network', () => {
  it('ip route, ip addr show wlan0 and ifconfig wlan0 give the same device IP, in Android 14 layouts', async () => {
    dev = createTestAndroid();
    const realRoute = parseIpRoute(android14Fixture('ip-route'));
    const ourRoute = parseIpRoute(await out('ip route'));
    expect(shape(ourRoute)).toEqual(shape(realRoute));
    expect(ourRoute).toEqual([{ dest: '10.0.2.0/24', dev: 'wlan0', proto: 'kernel', scope: 'link', src: '10.0.2.16' }]);
    const realAddr = parseIpAddr(android14Fixture('ip-addr-show-wlan0'));
    const ourAddr = parseIpAddr(await out('ip addr show wlan0'));
    expect(shape(ourAddr)).toEqual(shape(realAddr));
    expect(ourAddr).toMatchObject({ name: 'wlan0', state: 'UP', inet: '10.0.2.16', prefix: 24 });
    const realIf = parseIfconfig(android14Fixture('ifconfig-wlan0'));
    const ourIf = parseIfconfig(await out('ifconfig wlan0'));
    expect(shape(ourIf)).toEqual(shape(realIf));
    expect(ourIf).toMatchObject({ name: 'wlan0', inet: '10.0.2.16', mask: '255.255.255.0', up: true });
    expect(await dev.run('ip addr show eth9')).toMatchObject({ code: 1, err: 'Device "eth9" does not exist.\n' });
    expect((await dev.run('ifconfig eth9')).code).toBe(1);
  });
});

describe('pm', () => {
  it('list packages -f / -3 -U --show-versioncode and path print what Android 14 prints', async () => {
    dev = createTestAndroid();
    for (const [fixture, command] of [
      ['pm-list-packages-f', 'pm list packages -f'],
      ['pm-list-packages-3-U', 'pm list packages -3 -U --show-versioncode'],
    ] as const) {
      const real = parsePmList(android14Fixture(fixture));
      const ours = parsePmList(await out(command));
      expect(real.concat(ours).filter((r) => 'unparsed' in r)).toEqual([]);
      expect(shape(ours)).toEqual(shape(real));
    }
    const lab = parsePmList(await out('pm list packages -f')).find((r) => 'package' in r && r.package === LAB);
    expect(lab && 'apk' in lab ? lab.apk : null).toMatch(DATA_APK);
    const paths = parsePmPath(await out(`pm path ${LAB}`));
    expect(parsePmPath(android14Fixture('pm-path')).every((p) => typeof p === 'string')).toBe(true);
    expect(paths).toEqual([lab && 'apk' in lab ? lab.apk : null]);
    expect(await out('pm path android')).toBe('package:/system/framework/framework-res.apk\n');
  });

  it("uninstall of an unknown package fails with Android's code; clear succeeds; options before the package are skipped", async () => {
    dev = createTestAndroid();
    expect(await dev.run('pm uninstall com.nope')).toMatchObject({
      code: 1,
      out: 'Failure [DELETE_FAILED_INTERNAL_ERROR]\n',
    });
    expect(await dev.run('pm uninstall -k --user 0 com.nope')).toMatchObject({
      code: 1,
      out: 'Failure [DELETE_FAILED_INTERNAL_ERROR]\n',
    });
    expect(await dev.run(`pm clear --user 0 ${LAB}`)).toMatchObject({ code: 0, out: 'Success\n' });
    expect((await dev.run(`pidof ${LAB}`)).code).toBe(1);
  });
});

describe('am start -W and monkey', () => {
  it("am start -W reports COLD for a new process, HOT for a task in the background, with Android 14's lines", async () => {
    dev = createTestAndroid();
    const real = parseAmStartW(android14Fixture('am-start-W'));
    await dev.run(`am force-stop ${LAB}`);
    const before = dev.now();
    const cold = parseAmStartW(await out(`am start -W -n ${LAB}/.MainActivity`));
    expect(shape(cold)).toEqual(shape(real));
    expect(cold).toMatchObject({
      starting: `cmp=${LAB}/.MainActivity`,
      status: 'ok',
      launchState: 'COLD',
      activity: `${LAB}/.MainActivity`,
      complete: true,
    });
    // -W returns once the first frame is drawn: the command took its WaitTime on the device clock.
    expect(dev.now() - before).toBe(cold.waitTime);
    expect(cold.waitTime!).toBeGreaterThanOrEqual(cold.totalTime!);
    await dev.run('input keyevent KEYCODE_HOME');
    const hot = parseAmStartW(await out(`am start -W -n ${LAB}/.MainActivity`));
    expect(hot.launchState).toBe('HOT');
    expect(hot.totalTime!).toBeLessThan(cold.totalTime!);
    expect(parseAmStartW(await out(`am start -W -n ${LAB}/.MainActivity`)).launchState).toBe('UNKNOWN (0)');
  });

  it('monkey -p PKG -c LAUNCHER 1 echoes its arguments and values and injects one event, as Android 14 prints', async () => {
    dev = createTestAndroid();
    const real = parseMonkey(android14Fixture('monkey-launcher'));
    await dev.run(`am force-stop ${LAB}`);
    const ours = parseMonkey(await out(`monkey -p ${LAB} -c android.intent.category.LAUNCHER 1`));
    expect(shape(ours)).toEqual(shape(real));
    expect(ours).toEqual({
      bashArgs: ['-p', LAB, '-c', 'android.intent.category.LAUNCHER', '1'],
      args: ['-p', LAB, '-c', 'android.intent.category.LAUNCHER', '1'],
      data: [LAB, 'android.intent.category.LAUNCHER'],
      injected: 1,
      networkStats: true,
    });
    expect(dev.android.lab.focusedActivity).toBe(`${LAB}/${LAB}.MainActivity`);
  });
});

describe('logcat', () => {
  it('-v threadtime -t N parses as a real Android 14 buffer; --pid keeps the lines of that process only', async () => {
    dev = createTestAndroid();
    const year = new Date(dev.now()).getUTCFullYear();
    const real = parseLogcat(android14Fixture('logcat-threadtime'), year);
    expect(real).toHaveLength(6);
    await dev.run(`am force-stop ${LAB}`);
    await dev.run(`am start -W -n ${LAB}/.MainActivity`);
    const ours = parseLogcat(await out('logcat -d -v threadtime -t 2'), year);
    expect(ours).toHaveLength(2);
    expect(shape(ours)).toEqual(shape(real));
    expect(ours.at(-1)?.message).toMatch(/^Displayed com\.tactile\.lab\/\.MainActivity for user 0: \+\d+ms$/);
    const system = parseLogcat(await out('logcat -d --pid=1000'), year);
    expect(system.length).toBeGreaterThan(0);
    expect(new Set(system.map((e) => e.pid))).toEqual(new Set([1000]));
  });
});
