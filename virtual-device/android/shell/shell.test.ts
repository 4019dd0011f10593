import { afterEach, describe, expect, it } from 'vitest';
import { createTestAndroid, type TestAndroid } from '../test-harness';

let dev: TestAndroid;
afterEach(() => dev?.android.stop());

describe('simulated Android shell: output formats', () => {
  it('getprop prints one key, or every property as [key]: [value] sorted by key', async () => {
    dev = createTestAndroid({ sdk: 33 });
    expect((await dev.run('getprop ro.build.version.sdk')).out).toBe('33\n');
    expect((await dev.run('getprop ro.build.version.release')).out).toBe('13\n');
    expect((await dev.run('getprop ro.product.model')).out).toBe('Tactile Virtual Phone\n');
    expect((await dev.run('getprop no.such.prop')).out).toBe('\n');
    const all = (await dev.run('getprop')).out.trimEnd().split('\n');
    expect(all).toContain('[ro.product.manufacturer]: [Tactile]');
    expect(all).toContain('[ro.product.cpu.abi]: [x86_64]');
    for (const line of all) expect(line).toMatch(/^\[[^\]]+\]: \[.*\]$/);
    const keys = all.map((l) => l.slice(1, l.indexOf(']')));
    expect(keys).toEqual([...keys].sort());
  });

  it('wm size/density report the physical panel; rotation changes dumpsys and the screen, not the physical size', async () => {
    dev = createTestAndroid();
    expect((await dev.run('wm size')).out).toBe('Physical size: 1080x2400\n');
    expect((await dev.run('wm density')).out).toBe('Physical density: 420\n');
    expect((await dev.run('wm user-rotation lock 1')).code).toBe(0);
    expect((await dev.run('wm size')).out).toBe('Physical size: 1080x2400\n');
    const displays = (await dev.run('dumpsys window displays')).out;
    expect(displays).toContain('cur=2400x1080');
    expect(displays).toContain('mRotation=1 ');
    expect((await dev.run('dumpsys input | grep SurfaceOrientation')).out).toBe('      SurfaceOrientation: 1\n');
    expect(dev.android.lab.snapshot().screen).toMatchObject({ width: 2400, height: 1080, rotation: 1 });
    expect((await dev.run('settings get system user_rotation')).out).toBe('1\n');
  });

  it('wm size WxH / wm density N override what apps see, as on Android; reset restores the panel', async () => {
    dev = createTestAndroid();
    expect((await dev.run('wm size 720x1600')).code).toBe(0);
    expect((await dev.run('wm density 320')).code).toBe(0);
    expect((await dev.run('wm size')).out).toBe('Physical size: 1080x2400\nOverride size: 720x1600\n');
    expect((await dev.run('wm density')).out).toBe('Physical density: 420\nOverride density: 320\n');
    expect((await dev.run('dumpsys window displays')).out).toContain(
      'init=1080x2400 420dpi mMinSizeOfResizeableTaskDp=220 base=720x1600 320dpi cur=720x1600',
    );
    expect(dev.android.lab.snapshot().screen).toMatchObject({ width: 720, height: 1600 });
    await dev.run('wm user-rotation lock 1');
    expect(dev.android.lab.snapshot().screen).toMatchObject({ width: 1600, height: 720 });
    expect((await dev.run('wm size nonsense')).code).toBe(255);
    await dev.run('wm user-rotation lock 0');
    await dev.run('wm size reset');
    await dev.run('wm density reset');
    expect((await dev.run('wm size')).out).toBe('Physical size: 1080x2400\n');
    expect((await dev.run('wm density')).out).toBe('Physical density: 420\n');
    expect(dev.android.lab.snapshot().screen).toMatchObject({ width: 1080, height: 2400 });
  });

  it('dumpsys window names the focused window and app once each', async () => {
    dev = createTestAndroid();
    const focus = (await dev.run('dumpsys window | grep -E "mCurrentFocus|mFocusedApp"')).out;
    expect(focus).toMatch(
      /^ {2}mCurrentFocus=Window\{[0-9a-f]+ u0 com\.tactile\.lab\/com\.tactile\.lab\.MainActivity\}\n {2}mFocusedApp=ActivityRecord\{[0-9a-f]+ u0 com\.tactile\.lab\/\.MainActivity t\d+\}\n$/,
    );
    await dev.run('am force-stop com.tactile.lab');
    expect((await dev.run('dumpsys window | grep mCurrentFocus')).out).toContain('com.android.launcher3');
  });

  it('unknown commands fail like mksh: inaccessible or not found on stderr, exit 127; && and || and ; gate correctly', async () => {
    dev = createTestAndroid();
    const r = await dev.run('frobnicate --now');
    expect(r).toMatchObject({ code: 127, out: '', err: '/system/bin/sh: frobnicate: inaccessible or not found\n' });
    expect((await dev.run('false && echo no; echo yes')).out).toBe('yes\n');
    expect((await dev.run('false || echo fallback')).out).toBe('fallback\n');
    expect((await dev.run('true && echo a && echo b')).out).toBe('a\nb\n');
    expect((await dev.run("echo 'unterminated")).err).toContain('syntax error');
    expect((await dev.run('id')).out).toMatch(
      /^uid=2000\(shell\) gid=2000\(shell\) groups=2000\(shell\),.* context=u:r:shell:s0\n$/,
    );
  });

  it('echo, redirection, cat, ls and rm work on the device file system with toybox messages', async () => {
    dev = createTestAndroid();
    expect((await dev.run('echo "hello  world" > /sdcard/a.txt && cat /sdcard/a.txt')).out).toBe('hello  world\n');
    expect((await dev.run('echo more >> /sdcard/a.txt; cat /sdcard/a.txt')).out).toBe('hello  world\nmore\n');
    expect((await dev.run('ls /sdcard')).out.split('\n')).toContain('a.txt');
    expect((await dev.run('rm /sdcard/a.txt')).code).toBe(0);
    expect(await dev.run('cat /sdcard/a.txt')).toMatchObject({
      code: 1,
      err: 'cat: /sdcard/a.txt: No such file or directory\n',
    });
    expect(await dev.run('rm /sdcard/a.txt')).toMatchObject({
      code: 1,
      err: 'rm: /sdcard/a.txt: No such file or directory\n',
    });
    expect((await dev.run('rm -f /sdcard/a.txt')).code).toBe(0);
    expect(await dev.run('ls /nope')).toMatchObject({ code: 1, err: 'ls: /nope: No such file or directory\n' });
  });

  it('pm, am, monkey and settings answer as Android does', async () => {
    dev = createTestAndroid();
    expect((await dev.run('pm list packages')).out).toContain('package:com.tactile.lab\n');
    expect((await dev.run('pm list packages -3')).out).toBe('package:com.tactile.lab\npackage:com.tactile.overlay\n');
    await dev.run('input tap 0 0');
    expect((await dev.run('pm clear com.tactile.lab')).out).toBe('Success\n');
    expect(dev.android.lab.focusedActivity).toBeNull();
    const start = await dev.run('am start -n com.tactile.lab/.MainActivity');
    expect(start.out).toBe('Starting: Intent { cmp=com.tactile.lab/.MainActivity }\n');
    expect(dev.android.lab.focusedActivity).toBe('com.tactile.lab/com.tactile.lab.MainActivity');
    expect((await dev.run('am start -n com.tactile.lab/.NoSuchActivity')).err).toContain(
      'Error: Activity class {com.tactile.lab/com.tactile.lab.NoSuchActivity} does not exist.',
    );
    await dev.run('am force-stop com.tactile.lab');
    const monkey = await dev.run('monkey -p com.tactile.lab 1');
    expect(monkey.out).toContain('Events injected: 1\n');
    expect(dev.android.lab.focusedActivity).not.toBeNull();
    expect((await dev.run('settings get global adb_enabled')).out).toBe('1\n');
    expect((await dev.run('settings get secure no_such_key')).out).toBe('null\n');
    expect((await dev.run('cmd package list packages tactile.lab')).out).toBe('package:com.tactile.lab\n');
  });

  it('logcat -d prints threadtime lines including the lab log', async () => {
    dev = createTestAndroid();
    await dev.run('am force-stop com.tactile.lab; am start -n com.tactile.lab/.MainActivity');
    const log = (await dev.run('logcat -d')).out.split('\n');
    // Dividers name the buffer of the first line shown: the lab's (main) or system_server's (system).
    expect(log[0]).toMatch(/^--------- beginning of (main|system)$/);
    expect(
      log.some((l) =>
        /^\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} +\d+ +\d+ I ActivityTaskManager: START u0 \{cmp=com\.tactile\.lab\/\.MainActivity\}/.test(
          l,
        ),
      ),
    ).toBe(true);
  });

  it("uiautomator dump writes the file and prints Android's (misspelt) message; /dev/tty streams the XML", async () => {
    dev = createTestAndroid();
    const r = await dev.run('uiautomator dump');
    expect(r.out).toBe('UI hierchary dumped to: /sdcard/window_dump.xml\n');
    const xml = Buffer.from(dev.android.fs.read('/sdcard/window_dump.xml')!).toString('utf8');
    expect(
      xml.startsWith(
        '<?xml version=\'1.0\' encoding=\'UTF-8\' standalone=\'yes\' ?><hierarchy rotation="0"><node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.tactile.lab"',
      ),
    ).toBe(true);
    const tty = await dev.run('uiautomator dump /dev/tty');
    expect(tty.out.endsWith('</hierarchy>UI hierchary dumped to: /dev/tty\n')).toBe(true);
    expect((await dev.run('uiautomator dump /data/local/tmp/d.xml')).out).toBe(
      'UI hierchary dumped to: /data/local/tmp/d.xml\n',
    );
  });

  it('screencap raw writes width, height, format and dataspace, then RGBA', async () => {
    dev = createTestAndroid();
    const raw = (await dev.run('screencap')).stdout;
    expect([raw.readUInt32LE(0), raw.readUInt32LE(4), raw.readUInt32LE(8), raw.readUInt32LE(12)]).toEqual([
      1080, 2400, 1, 1,
    ]);
    expect(raw.length).toBe(16 + 1080 * 2400 * 4);
    const old = createTestAndroid({ sdk: 27, width: 200, height: 400 });
    const oldRaw = (await old.run('screencap')).stdout;
    expect(oldRaw.length).toBe(12 + 200 * 400 * 4);
    old.android.stop();
    expect((await dev.run('screencap -p /sdcard/s.png')).code).toBe(0);
    expect(Buffer.from(dev.android.fs.read('/sdcard/s.png')!).subarray(1, 4).toString()).toBe('PNG');
  });

  it('dumpsys tactile_lab is JSON with the event count, max pointers and every control by resource id', async () => {
    dev = createTestAndroid();
    const before = JSON.parse((await dev.run('dumpsys tactile_lab')).out);
    expect(before.input_event_count).toBe(0);
    expect(before.controls['com.tactile.lab:id/seekbar']).toEqual({ progress: 50, min: 0, max: 100 });
    expect(before.controls['com.tactile.lab:id/play_pause'].content_desc).toBe('Play');
    await dev.run('input swipe 100 2000 100 1900 100');
    const after = JSON.parse((await dev.run('dumpsys tactile_lab')).out);
    // down + one move every 5 ms for 100 ms + up
    expect(after.input_event_count).toBe(22);
    expect(after.max_pointers).toBe(1);
    expect(after.last_gesture).toMatchObject({
      ended: 'up',
      event_count: 22,
      first: { x: 100, y: 2000 },
      last: { x: 100, y: 1900 },
    });
    await dev.run('input motionevent MOVE 10 10');
    const rejected = JSON.parse((await dev.run('dumpsys tactile_lab')).out);
    expect(rejected.input_event_count).toBe(22);
    expect(rejected.rejected_event_count).toBe(1);
  });

  it('input: draganddrop holds for the long-press timeout first; bad arguments fail like InputShellCommand', async () => {
    dev = createTestAndroid();
    await dev.run('input draganddrop 100 2000 300 2000 600');
    const events = dev.android.input.received();
    const down = events.find((e) => e.action === 'down')!;
    const firstMove = events.find((e) => e.action === 'move')!;
    const up = events.find((e) => e.action === 'up')!;
    expect(firstMove.received_ms - down.received_ms).toBe(400);
    expect(up.received_ms - down.received_ms).toBe(600);
    expect(up.pointers[0]).toEqual({ id: 0, x: 300, y: 2000 });
    expect(await dev.run('input tap 10')).toMatchObject({
      code: 255,
      err: 'Exception occurred while executing \'tap\':\njava.lang.IllegalArgumentException: Argument expected after "10"\n',
    });
    expect((await dev.run('input tap ten 10')).err).toContain('Error: Invalid arguments for command: tap');
    expect(await dev.run('input jump')).toMatchObject({ code: 255, err: 'Unknown command: jump\n' });
  });

  it('input keyevent takes numbers, KEYCODE_ names and bare names; text uses shift for capitals and symbols', async () => {
    dev = createTestAndroid();
    dev.android.lab.performAction('com.tactile.lab:id/edit_text', 'focus');
    dev.android.input.clearReceived();
    await dev.run('input text "A!b"');
    expect(dev.android.input.received().map((e) => `${e.action}:${e.key_code}`)).toEqual([
      'down:59',
      'down:29',
      'up:29',
      'up:59',
      'down:59',
      'down:8',
      'up:8',
      'up:59',
      'down:30',
      'up:30',
    ]);
    await dev.run('input keyevent 67 KEYCODE_DEL MOVE_HOME');
    await dev.run('input text x');
    expect(dev.android.lab.findNode('com.tactile.lab:id/edit_text')!.text).toBe('xA');
  });

  it('the overlay app can be stopped and its service started again', async () => {
    dev = createTestAndroid();
    const overlayShown = () => dev.android.lab.snapshot().windows.some((w) => w.package_name === 'com.tactile.overlay');
    await dev.run('am force-stop com.tactile.overlay');
    expect(overlayShown()).toBe(false);
    expect((await dev.run('am startservice -n com.tactile.overlay/.OverlayService')).out).toBe(
      'Starting service: Intent { cmp=com.tactile.overlay/.OverlayService }\n',
    );
    expect(overlayShown()).toBe(true);
  });
});

describe('dumpsys service table', () => {
  it('lists its services, dumps each without arguments, and reports a missing one on stderr with exit 0', async () => {
    dev = createTestAndroid();
    const list = (await dev.run('dumpsys -l')).out;
    expect(list.split('\n').slice(0, 1)).toEqual(['Currently running services:']);
    for (const s of ['battery', 'display', 'input', 'power', 'window']) expect(list).toContain(`\n  ${s}\n`);
    const all = (await dev.run('dumpsys')).out;
    expect(all).toContain('DUMP OF SERVICE display:\nDISPLAY MANAGER (dumpsys display)');
    expect(all).toContain('DUMP OF SERVICE power:\nPOWER MANAGER (dumpsys power)');
    expect(await dev.run('dumpsys nosuch')).toMatchObject({ code: 0, out: '', err: "Can't find service: nosuch\n" });
  });
});
