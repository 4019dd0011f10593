// Intents by action, the package and activity manager verbs clients use, and the small system services:
// `am start -a VIEW -d URL` opens the image's browser, resolve-activity/query-activities print ResolveInfo as
// PackageManagerShellCommand does, am broadcast (and its protected-broadcast refusal), pm grant/revoke, install
// sessions (adb install-multiple), appops, svc, content (settings provider), screenrecord, dumpsys meminfo.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestAndroid, type TestAndroid } from '../../test-harness';

let dev: TestAndroid;
afterEach(() => dev?.android.stop());
const run = (line: string, stdin?: Uint8Array) => dev.run(line, stdin);
const LAB = 'com.tactile.lab';
const BROWSER = 'org.chromium.webview_shell';

describe('intents by action', () => {
  it('am start -a VIEW -d https://… opens the browser on that page; an unresolvable intent fails as Android says', async () => {
    dev = createTestAndroid();
    const r = await run('am start -a android.intent.action.VIEW -d https://example.org/some/path?q=1');
    expect(r).toMatchObject({
      code: 0,
      out: 'Starting: Intent { act=android.intent.action.VIEW dat=https://example.org/... }\n',
      err: '',
    });
    expect(dev.android.lab.focusedActivity).toBe(`${BROWSER}/${BROWSER}.WebViewBrowserActivity`);
    const nodes = dev.android.lab.snapshot().nodes;
    expect(nodes.find((n) => n.resource_id === `${BROWSER}:id/url_field`)?.text).toBe(
      'https://example.org/some/path?q=1',
    );
    expect((await run('dumpsys activity top')).out).toContain(`ACTIVITY ${BROWSER}/.WebViewBrowserActivity`);
    expect((await run(`pidof ${BROWSER}`)).code).toBe(0);
    const bad = await run('am start -a android.intent.action.VIEW -d mailto:x@example.org');
    expect(bad).toMatchObject({
      code: 1,
      err: 'Error: Activity not started, unable to resolve Intent { act=android.intent.action.VIEW dat=mailto:x@example.org flg=0x10000000 }\n',
    });
    expect(
      await run(`am start -a android.intent.action.MAIN -c android.intent.category.LAUNCHER ${LAB}`),
    ).toMatchObject({ code: 0 });
    expect(dev.android.lab.focusedActivity).toBe(`${LAB}/${LAB}.MainActivity`);
    await run('am start -a android.intent.action.MAIN -c android.intent.category.HOME');
    expect(dev.android.lab.focusedActivity).toBeNull();
  });

  it('cmd package resolve-activity --brief PKG names the launcher activity; query-activities lists the browsers', async () => {
    dev = createTestAndroid();
    expect((await run(`cmd package resolve-activity --brief ${LAB}`)).out).toBe(
      'priority=0 preferredOrder=0 match=0x108000 specificIndex=-1 isDefault=true\ncom.tactile.lab/.MainActivity\n',
    );
    expect(
      (await run('cmd package resolve-activity --brief -a android.intent.action.VIEW -d https://x.test')).out,
    ).toBe(
      `priority=0 preferredOrder=0 match=0x208000 specificIndex=-1 isDefault=true\n${BROWSER}/.WebViewBrowserActivity\n`,
    );
    expect((await run('pm resolve-activity --components -a android.intent.action.VIEW -d https://x.test')).out).toBe(
      `${BROWSER}/.WebViewBrowserActivity\n`,
    );
    expect((await run('cmd package resolve-activity -a android.intent.action.SEND')).out).toBe('No activity found\n');
    const q = (
      await run('cmd package query-activities -a android.intent.action.MAIN -c android.intent.category.LAUNCHER')
    ).out;
    expect(q).toMatch(/^2 activities found:\n {2}Activity #0:\n/);
    expect(q).toContain('nonLocalizedLabel=Tactile Lab');
    expect(q).toContain('nonLocalizedLabel=WebView Browser Tester');
  });
});

describe('activity and package manager verbs', () => {
  it('am broadcast: delivered with its result; a protected broadcast is refused to the shell uid', async () => {
    dev = createTestAndroid();
    expect(await run('am broadcast -a com.tactile.lab.PING --es k v')).toMatchObject({
      code: 0,
      out: 'Broadcasting: Intent { act=com.tactile.lab.PING flg=0x400000 (has extras) }\nBroadcast completed: result=0\n',
    });
    const denied = await run('am broadcast -a android.intent.action.AIRPLANE_MODE --ez state true');
    expect(denied.code).toBe(255);
    expect(denied.out).toBe(
      'Broadcasting: Intent { act=android.intent.action.AIRPLANE_MODE flg=0x400000 (has extras) }\n',
    );
    expect(denied.err).toMatch(
      /^\nException occurred while executing 'broadcast':\njava\.lang\.SecurityException: Permission Denial: not allowed to send broadcast android\.intent\.action\.AIRPLANE_MODE from pid=\d+, uid=2000\n/,
    );
  });

  it('pm grant/revoke change runtime permissions only, shown in dumpsys package; the wrong ones throw', async () => {
    dev = createTestAndroid();
    const granted = async () =>
      /android\.permission\.CAMERA: granted=(\w+)/.exec((await run(`dumpsys package ${LAB}`)).out)?.[1];
    expect(await granted()).toBe('false');
    expect(await run(`pm grant ${LAB} android.permission.CAMERA`)).toMatchObject({ code: 0, out: '', err: '' });
    expect(await granted()).toBe('true');
    expect((await run(`pm revoke ${LAB} android.permission.CAMERA`)).code).toBe(0);
    expect(await granted()).toBe('false');
    expect(await run(`pm grant ${LAB} android.permission.INTERNET`)).toMatchObject({
      code: 255,
      err: `\nException occurred while executing 'grant':\njava.lang.SecurityException: Permission android.permission.INTERNET requested by ${LAB} is not a changeable permission type\n`,
    });
    expect((await run(`pm grant ${LAB} android.permission.READ_SMS`)).err).toContain(
      `Package ${LAB} has not requested permission android.permission.READ_SMS`,
    );
    expect((await run('pm grant com.nope android.permission.CAMERA')).err).toContain(
      'java.lang.IllegalArgumentException: Unknown package: com.nope',
    );
    expect((await run('pm list features')).out).toMatch(
      /^reqGlEsVersion=0x30002\nfeature:android\.hardware\.audio\.output\n/,
    );
  });

  it('install sessions: create, write from a file or stdin, commit installs; an unknown session throws', async () => {
    dev = createTestAndroid();
    const create = (await run('pm install-create -S 3')).out;
    const id = /^Success: created install session \[(\d+)\]\n$/.exec(create)![1];
    expect((await run(`pm install-write -S 5 ${id} base -`, Buffer.from('hello'))).out).toBe(
      'Success: streamed 5 bytes\n',
    );
    expect(await run(`pm install-commit ${id}`)).toMatchObject({
      code: 1,
      out: expect.stringMatching(/^Failure \[INSTALL_PARSE_FAILED_NOT_APK: /),
    });
    expect((await run(`pm install-commit ${id}`)).err).toContain(`Caller has no access to session ${id}`);
  });

  it('appops set/get/reset, svc, content insert/query over settings', async () => {
    dev = createTestAndroid();
    expect(await run('appops set com.android.shell android:mock_location allow')).toMatchObject({ code: 0, out: '' });
    expect((await run('appops get com.android.shell MOCK_LOCATION')).out).toBe('MOCK_LOCATION: allow\n');
    expect(
      (await run('appops set com.android.shell android:mock_location default; appops get com.android.shell')).out,
    ).toBe('No operations.\n');
    expect(await run('appops set com.android.shell android:nope allow')).toMatchObject({
      code: 255,
      err: 'Error: Unknown operation string: android:nope\n',
    });
    expect(
      (await run('svc wifi disable; settings get global wifi_on; svc wifi enable; settings get global wifi_on')).out,
    ).toBe('0\n1\n');
    expect((await run('svc power stayon true; settings get global stay_on_while_plugged_in')).out).toBe('7\n');
    expect(
      await run('content insert --uri content://settings/system --bind name:s:user_rotation --bind value:i:1'),
    ).toMatchObject({ code: 0 });
    expect(dev.android.display.rotation).toBe(1);
    expect((await run('content query --uri content://settings/system --where "name=\'user_rotation\'"')).out).toMatch(
      /^Row: 0 _id=\d+, name=user_rotation, value=1\n$/,
    );
  });

  it('run-as refuses every app as not debuggable, a system package as no application, an unknown one as unknown', async () => {
    dev = createTestAndroid();
    expect(await run(`run-as ${LAB} id`)).toMatchObject({
      code: 1,
      out: '',
      err: `run-as: package not debuggable: ${LAB}\n`,
    });
    expect(await run('run-as android id')).toMatchObject({
      code: 1,
      err: 'run-as: package not an application: android\n',
    });
    expect(await run('run-as com.nope id')).toMatchObject({ code: 1, err: 'run-as: unknown package: com.nope\n' });
  });

  it('dumpsys meminfo PKG has the MEMINFO table with its TOTAL row; an app that does not run has none', async () => {
    dev = createTestAndroid();
    const mem = (await run(`dumpsys meminfo ${LAB}`)).out;
    expect(mem).toContain(`** MEMINFO in pid ${dev.android.lab.pid} [${LAB}] **`);
    expect(mem).toMatch(/\n {8}TOTAL +\d+ +\d+ +\d+ +\d+ +\d+ +\d+ +\d+ +\d+\n/);
    expect((await run('dumpsys meminfo com.nope')).out).toBe('No process found for: com.nope\n');
  });
});

describe('screenrecord', () => {
  it('records an MP4 (ftyp, avc1) until its time limit; refuses a missing file and a limit over 180 s', async () => {
    dev = createTestAndroid();
    expect(await run('screenrecord --time-limit 1 /sdcard/a.mp4')).toMatchObject({ code: 0 });
    const mp4 = Buffer.from(dev.android.fs.read('/sdcard/a.mp4')!);
    expect(mp4.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(mp4.includes(Buffer.from('avc1'))).toBe(true);
    expect(await run('screenrecord')).toMatchObject({
      code: 2,
      err: expect.stringContaining('Usage: screenrecord [options] <filename>'),
    });
    expect(await run('screenrecord --time-limit 500 /sdcard/b.mp4')).toMatchObject({
      code: 2,
      err: 'Time limit 500s outside acceptable range [1,180]\n',
    });
  });
});
