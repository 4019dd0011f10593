// One foreground truth across services: after HOME, `dumpsys activity top`, `Resumed:`/`ResumedActivity:`,
// `mFocusedApp` and the input dispatcher all name the launcher; an ActivityRecord keeps its hash and task id in
// every dump; each window's owner uid and session pid are its package's (`pm list packages -U`) and its process's
// (`ps`); `dumpsys window windows` carries mViewVisibility and a navigation bar, as Appium's getSystemBars reads.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestAndroid, type TestAndroid } from './test-harness';

let dev: TestAndroid;
afterEach(() => dev?.android.stop());
const LAB = 'com.tactile.lab';
const LAUNCHER = 'com.android.launcher3/.uioverrides.QuickstepLauncher';
const out = async (line: string) => (await dev.run(line)).out;

/** Every `ActivityRecord{hash u0 component tN}` a dump names, as component → "hash tN". */
function records(text: string): Map<string, Set<string>> {
  const found = new Map<string, Set<string>>();
  for (const m of text.matchAll(/ActivityRecord\{([0-9a-f]+) u0 (\S+) t(\d+)\}/g)) {
    const set = found.get(m[2]!) ?? new Set<string>();
    set.add(`${m[1]} t${m[3]}`);
    found.set(m[2]!, set);
  }
  return found;
}

/**
 * adbutils 2.12 `app_current()`: mCurrentFocus in `dumpsys window windows` first (Android 10+ prints none there),
 * then the last of `dumpsys activity top`'s ACTIVITY lines.
 */
async function appCurrent(): Promise<{ package: string; activity: string }> {
  const focus = /mCurrentFocus=Window\{.*\s+([^\s]+)\/([^\s]+)\}/.exec(await out('dumpsys window windows'));
  if (focus) return { package: focus[1]!, activity: focus[2]! };
  const top = [...(await out('dumpsys activity top')).matchAll(/ACTIVITY ([^\s]+)\/([^/\s]+) \w+ pid=(\d+)/g)].pop();
  return { package: top![1]!, activity: top![2]! };
}

/** appium-android-driver's getSystemBars: windows titled [\w-]+, their frame and mViewVisibility. */
function systemBars(
  text: string,
): Record<string, { visible: boolean; x: number; y: number; width: number; height: number }> {
  const windows = new Map<string, string[]>();
  let current: string | null = null;
  for (const line of text.split('\n').map((l) => l.trimEnd())) {
    const m = /^\s+Window\s#\d+\sWindow\{[0-9a-f]+\s\w+\s([\w-]+)\}:$/.exec(line);
    if (m) {
      current = m[1]!;
      windows.set(current, []);
    } else if (line.trim() === '') current = null;
    else if (current) windows.get(current)!.push(line);
  }
  const parse = (name: string) => {
    const props = windows.get([...windows.keys()].find((k) => k.startsWith(name))!)!.join('\n');
    const f = /\bm?[Ff]rame=\[([0-9.-]+),([0-9.-]+)\]\[([0-9.-]+),([0-9.-]+)\]/.exec(props)!;
    const v = /\bmViewVisibility=(0x[0-9a-fA-F]+)/.exec(props)!;
    return {
      visible: parseInt(v[1]!, 16) === 0,
      x: Number(f[1]),
      y: Number(f[2]),
      width: Number(f[3]) - Number(f[1]),
      height: Number(f[4]) - Number(f[2]),
    };
  };
  return { statusBar: parse('StatusBar'), navigationBar: parse('NavigationBar') };
}

describe('the foreground activity, one truth across services', () => {
  it('after HOME every service names the launcher: activity top, Resumed, ResumedActivity, mFocusedApp, input', async () => {
    dev = createTestAndroid();
    expect(await appCurrent()).toEqual({ package: LAB, activity: '.MainActivity' });
    await dev.run('input keyevent KEYCODE_HOME');
    const activities = await out('dumpsys activity activities');
    expect(activities).toMatch(
      new RegExp(`^ {4}Resumed: ActivityRecord\\{[0-9a-f]+ u0 ${LAUNCHER.replace(/[./]/g, '\\$&')} t2\\}$`, 'm'),
    );
    expect(activities).toMatch(
      new RegExp(
        `^ {2}ResumedActivity: ActivityRecord\\{[0-9a-f]+ u0 ${LAUNCHER.replace(/[./]/g, '\\$&')} t2\\}$`,
        'm',
      ),
    );
    // The lab runs on behind home: its task is listed, stopped.
    expect(activities).toMatch(/state=STOPPED/);
    const top = await out('dumpsys activity top');
    expect(top).toMatch(
      new RegExp(
        `^ {2}ACTIVITY ${LAUNCHER.replace(/[./]/g, '\\$&')} [0-9a-f]+ pid=${(await out('pidof com.android.launcher3')).trim()}$`,
        'm',
      ),
    );
    expect(await out('dumpsys window displays')).toMatch(
      /mFocusedApp=ActivityRecord\{[0-9a-f]+ u0 com\.android\.launcher3\/\.uioverrides\.QuickstepLauncher t2\}/,
    );
    expect(await out('dumpsys input')).toContain(`u0 ${LAUNCHER} t2}`);
    expect(await appCurrent()).toEqual({
      package: 'com.android.launcher3',
      activity: '.uioverrides.QuickstepLauncher',
    });
  });

  it('an ActivityRecord has one hash and one task id in activities, top, window and input', async () => {
    dev = createTestAndroid();
    for (const step of ['', 'input keyevent KEYCODE_HOME', `am start -n ${LAB}/.DetailsActivity`]) {
      if (step) await dev.run(step);
      const all = [
        await out('dumpsys activity activities'),
        await out('dumpsys window'),
        await out('dumpsys input'),
      ].join('\n');
      for (const [component, ids] of records(all))
        expect({ component, ids: [...ids] }).toEqual({ component, ids: [[...ids][0]] });
      const top = /ACTIVITY (\S+) ([0-9a-f]+) pid=/.exec(await out('dumpsys activity top'))!;
      const resumed = /ResumedActivity: ActivityRecord\{([0-9a-f]+) u0 (\S+) t(\d+)\}/.exec(all)!;
      expect([top[1], top[2]]).toEqual([resumed[2], resumed[1]]);
      expect(await out('dumpsys activity top')).toContain(`id=${resumed[3]} `);
    }
  });

  it('window owners: mOwnerUid is the package uid pm lists, the session pid is the process ps shows', async () => {
    dev = createTestAndroid();
    const uids = new Map(
      [...(await out('pm list packages -U')).matchAll(/^package:(\S+) uid:(\d+)$/gm)].map((m) => [m[1]!, m[2]!]),
    );
    const pids = new Map(
      [...(await out('ps -A -o PID,NAME')).matchAll(/^\s*(\d+) (\S+)$/gm)].map((m) => [m[2]!, m[1]!]),
    );
    const windows = [
      ...(await out('dumpsys window windows')).matchAll(
        /mSession=Session\{[0-9a-f]+ (\d+):(\S+)\} .*\n\s+mOwnerUid=(\d+) showForAllUsers=\w+ package=(\S+)/g,
      ),
    ];
    expect(windows.length).toBeGreaterThanOrEqual(4);
    for (const [, pid, , uid, pkg] of windows) {
      expect({ pkg, uid }).toEqual({ pkg, uid: uids.get(pkg!) });
      expect({ pkg, pid }).toEqual({ pkg, pid: pids.get(pkg!) });
    }
    expect(windows.map((w) => w[4])).toEqual(
      expect.arrayContaining([LAB, 'com.android.systemui', 'com.tactile.overlay', 'com.android.launcher3']),
    );
  });

  it('dumpsys window windows has mViewVisibility on every window and a navigation bar: getSystemBars parses it', async () => {
    dev = createTestAndroid();
    const text = await out('dumpsys window windows');
    const count = (re: RegExp) => [...text.matchAll(re)].length;
    expect(count(/mViewVisibility=0x[0-9a-f]+ mHaveFrame=true/g)).toBe(count(/^ {2}Window #\d+ /gm));
    expect(systemBars(text)).toEqual({
      statusBar: { visible: true, x: 0, y: 0, width: 1080, height: 72 },
      navigationBar: { visible: true, x: 0, y: 2400 - 63, width: 1080, height: 63 },
    });
    // The launcher's window stays in the list behind the lab, hidden (View.GONE) and off screen.
    expect(text).toMatch(
      /Window\{[0-9a-f]+ u0 com\.android\.launcher3\/com\.android\.launcher3\.uioverrides\.QuickstepLauncher\}:\n(?:.*\n)*? {4}mViewVisibility=0x8 .*\n(?:.*\n)*? {4}isVisible=false/,
    );
    await dev.run('wm user-rotation lock 1');
    expect(systemBars(await out('dumpsys window windows')).navigationBar).toEqual({
      visible: true,
      x: 0,
      y: 1080 - 63,
      width: 2400,
      height: 63,
    });
  });
});
