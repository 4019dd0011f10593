// Tactile's own readers of package, activity, process and log output, run over real Android 14 output
// (test/fixtures/android14) and over the virtual device's answer to the same command: what passes here is what
// a phone gives, not only what the simulator prints.
import { afterEach, describe, expect, it } from 'vitest';
import { parseLogcat } from '../../shared/verify/logcat';
import { android14Fixture } from '../../test/support/android14-fixtures';
import type { DeviceLink } from '../executor/device-link';
import { parseResumedActivity } from '../executor/verify/activity';
import { pidOf } from '../executor/verify/log-streams';
import { createTestAndroid, type TestAndroid } from '../../virtual-device/android/test-harness';
import { parsePs } from './logcat-handlers';
import { packagesOf } from '../executor/tools/package-list';
import { parseVersionNames } from './operator/apps';

let dev: TestAndroid | undefined;
afterEach(() => dev?.android.stop());
const LAB = 'com.tactile.lab';
const run = async (line: string) => (await dev!.run(line)).out;
/** What `adb shell` through a pty (no shell_v2) hands back. */
const crlf = (s: string) => s.replace(/\n/g, '\r\n');
const linkAnswering = (answer: (command: string) => Promise<string>) => ({ shell: answer }) as unknown as DeviceLink;

describe('versions from dumpsys package', () => {
  it('takes the running version of an updated system app, not the factory one listed under Hidden system packages', () => {
    const names = parseVersionNames(android14Fixture('dumpsys-package-packages'));
    expect(names.get('com.google.android.webview')).toBe('126.0.6478.122');
    expect(names.get('com.example.notes')).toBe('1.4.73');
    expect(parseVersionNames(crlf(android14Fixture('dumpsys-package-packages')))).toEqual(names);
    expect(parseVersionNames(android14Fixture('dumpsys-package')).get('com.example.notes')).toBe('1.4.73');
  });

  it('reads the virtual device the same way', async () => {
    dev = createTestAndroid();
    expect(parseVersionNames(await run('dumpsys package packages')).get(LAB)).toBe('1.0');
    expect(parseVersionNames(await run(`dumpsys package ${LAB}`))).toEqual(new Map([[LAB, '1.0']]));
  });

  it('pm list packages with versions and uids', async () => {
    expect(packagesOf(android14Fixture('pm-list-packages-3-U'))).toEqual(
      new Map([
        ['com.example.notes', 248],
        ['com.example.maps', 1000231],
      ]),
    );
    expect(packagesOf(crlf(android14Fixture('pm-list-packages-3-U'))).get('com.example.notes')).toBe(248);
    dev = createTestAndroid();
    expect(packagesOf(await run('pm list packages -3 -U --show-versioncode')).get(LAB)).toBe(1);
  });
});

describe('process names from ps', () => {
  it("reads a phone's plain ps -A as well as ps -A -o PID,NAME; secondary processes belong to their package", () => {
    for (const fixture of ['ps-A', 'ps-A-o-PID-NAME']) {
      const names = parsePs(android14Fixture(fixture));
      expect(names.get(12345)).toBe('com.example.notes');
      expect(names.get(12401)).toBe('com.example.notes');
      expect(names.get(1)).toBe('init');
      expect(names.get(2)).toBe('[kthreadd]');
      expect(parsePs(crlf(android14Fixture(fixture)))).toEqual(names);
    }
  });

  it('reads the virtual device the same way, in both forms', async () => {
    dev = createTestAndroid();
    const pid = Number((await run(`pidof ${LAB}`)).trim());
    expect(parsePs(await run('ps -A -o PID,NAME')).get(pid)).toBe(LAB);
    expect(parsePs(await run('ps -A')).get(pid)).toBe(LAB);
  });
});

describe('resumed activity and pid', () => {
  it("names the resumed activity in Android 14's dump (topResumedActivity / ResumedActivity)", async () => {
    expect(parseResumedActivity(android14Fixture('dumpsys-activity-activities'))).toBe(
      'com.example.notes/.MainActivity',
    );
    dev = createTestAndroid();
    expect(parseResumedActivity(await run('dumpsys activity activities'))).toBe(`${LAB}/.MainActivity`);
  });

  it("pidOf reads pidof's answer on a phone and on the virtual device", async () => {
    expect(
      await pidOf(
        linkAnswering(async () => android14Fixture('pidof')),
        'com.example.notes',
      ),
    ).toBe(12345);
    expect(
      await pidOf(
        linkAnswering(async () => crlf(android14Fixture('pidof'))),
        'com.example.notes',
      ),
    ).toBe(12345);
    dev = createTestAndroid();
    const link = linkAnswering(run);
    const pid = await pidOf(link, LAB);
    expect(pid).toBeGreaterThan(0);
    expect(parsePs(await run('ps -A')).get(pid!)).toBe(LAB);
    await run(`am force-stop ${LAB}`);
    expect(await pidOf(link, LAB)).toBeNull();
  });
});

describe('logcat', () => {
  it('parses threadtime lines, from a pty (CRLF) too, without a trailing carriage return', () => {
    const year = 2025;
    const lf = parseLogcat(android14Fixture('logcat-threadtime'), year);
    expect(lf.map((e) => e.pid)).toEqual([1012, 1012, 12345, 12345, 1012, 12345]);
    expect(lf[4]).toMatchObject({
      level: 'I',
      tag: 'ActivityTaskManager',
      message: 'Displayed com.example.notes/.MainActivity for user 0: +612ms',
      time_ms: Date.UTC(2025, 10, 30, 9, 14, 2, 780),
    });
    expect(parseLogcat(crlf(android14Fixture('logcat-threadtime')), year)).toEqual(lf);
  });
});
