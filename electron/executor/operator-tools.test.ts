// The operator's inputs as executor calls (tactile.button, tactile.key, tactile.paste, tactile.uninstall_app,
// and press_key / input_text from the mirror): over the console's mirror control socket when one is attached,
// else over adb; every receipt that sent input carries its backend and event count; a paste without a mirror,
// and anything refused, sends nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { META_CTRL, META_SHIFT } from '../../shared/android/keycodes';
import { ReceiptSchema } from '../../shared/receipts';
import { android14Fixture } from '../../test/support/android14-fixtures';
import { DeviceLocks } from '../device/lock';
import { ReceiptJournal } from '../receipts';
import type { MirrorControl } from './device-link';
import { createExecutor } from './executor';
import { FakeChannel, FakeInput, fakeLink } from './test-fixtures/fake-device';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'tactile-operator-tools-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A mirror control socket that records every message; `failAt`: the message index whose write fails. */
function fakeControl(failAt = -1) {
  const sent: string[] = [];
  const note = async (m: string) => {
    if (sent.length === failAt) throw new Error('socket closed');
    sent.push(m);
  };
  const control: MirrorControl = {
    key: (action, code, meta = 0) => note(`key ${action} ${code} ${meta}`),
    text: (t) => note(`text ${t}`),
    setClipboard: (t, paste = false) => note(`clipboard ${t} ${paste}`),
    panel: (p) => note(`panel ${p}`),
    rotateDevice: () => note('rotate'),
  };
  return { control, sent };
}

function device(opts: { control?: MirrorControl; shell?: (c: string) => Promise<string>; helper?: boolean } = {}) {
  const link = {
    ...fakeLink(opts.helper ? new FakeChannel() : null, new FakeInput(), opts.shell),
    ...(opts.control && { mirrorControl: () => opts.control! }),
  };
  const ex = createExecutor({
    links: { open: async () => link },
    locks: new DeviceLocks({ dir }),
    journal: { append: () => undefined },
  });
  const run = async (tool: string, args: Record<string, unknown>) => {
    const r = await ex.run({ tool, args }, { serial: 'fake-1', owner: 'unit' });
    expect(ReceiptSchema.safeParse(r).success).toBe(true);
    return r;
  };
  return { run, shellLog: link.shellLog };
}

const scrcpy = (events: number) => ({ backend: 'scrcpy', events, down_time_ms: null, event_times_ms: null });
const adb = (events: number) => ({ backend: 'adb_input', events, down_time_ms: null, event_times_ms: null });

describe('keys', () => {
  it('tactile.key over the mirror: one key pair carrying Ctrl and Shift as meta state', async () => {
    const { control, sent } = fakeControl();
    const { run } = device({ control });
    expect(await run('tactile.key', { key: 'a', ctrl: true })).toMatchObject({
      status: 'completed',
      code: null,
      dispatch: scrcpy(2),
    });
    expect(await run('tactile.key', { key: 'dpad_left', shift: true })).toMatchObject({
      status: 'completed',
      dispatch: scrcpy(2),
    });
    expect(sent).toEqual([
      `key down 29 ${META_CTRL}`,
      `key up 29 ${META_CTRL}`,
      `key down 21 ${META_SHIFT}`,
      `key up 21 ${META_SHIFT}`,
    ]);
  });

  it('tactile.key over adb: keyevent for a plain key, keycombination with modifiers; an Android without it sent nothing', async () => {
    const answers: Record<string, string> = { 'input keycombination KEYCODE_CTRL_LEFT KEYCODE_X': '' };
    const { run, shellLog } = device({ shell: async (c) => answers[c] ?? '' });
    expect(await run('tactile.key', { key: 'forward_del' })).toMatchObject({ status: 'completed', dispatch: adb(2) });
    expect(await run('tactile.key', { key: 'x', ctrl: true })).toMatchObject({ status: 'completed', dispatch: adb(4) });
    expect(shellLog).toEqual([
      'input keyevent KEYCODE_FORWARD_DEL',
      'input keycombination KEYCODE_CTRL_LEFT KEYCODE_X',
    ]);
    const old = device({
      shell: async () => 'Error: Unknown command: keycombination\nUsage: input [<source>] <command> [<arg>...]',
    });
    expect(await old.run('tactile.key', { key: 'a', ctrl: true })).toMatchObject({
      status: 'not_started',
      code: 'UNAVAILABLE',
    });
  });

  it('a letter without Ctrl is text: refused before anything is sent', async () => {
    const { control, sent } = fakeControl();
    const r = await device({ control }).run('tactile.key', { key: 'c' });
    expect(r).toMatchObject({ status: 'not_started', code: 'INVALID_ARGUMENT', path: '/args/ctrl' });
    expect(sent).toEqual([]);
  });

  it('press_key and erase_one_char report the adb backend and their key events (never "no dispatch")', async () => {
    const { run } = device();
    expect(await run('press_key', { key: 'home' })).toMatchObject({ status: 'completed', dispatch: adb(2) });
    expect(await run('erase_one_char', {})).toMatchObject({ status: 'completed', dispatch: adb(2) });
  });
});

describe('buttons', () => {
  it('over the mirror: Power as a key pair, rotate and the panels as one control message each', async () => {
    const { control, sent } = fakeControl();
    const { run } = device({ control });
    expect(await run('tactile.button', { button: 'power' })).toMatchObject({
      status: 'completed',
      dispatch: scrcpy(2),
    });
    expect(await run('tactile.button', { button: 'rotate' })).toMatchObject({
      status: 'completed',
      dispatch: scrcpy(1),
    });
    expect(await run('tactile.button', { button: 'quick_settings' })).toMatchObject({
      status: 'completed',
      dispatch: scrcpy(1),
    });
    expect(sent).toEqual(['key down 26 0', 'key up 26 0', 'rotate', 'panel quick_settings']);
  });

  it('over adb: keyevent, cmd statusbar, and rotate turns a landscape display to portrait whatever user_rotation says', async () => {
    // Auto-rotate on: the stale user_rotation is 0 while the display is turned a quarter.
    const answers: Record<string, string> = {
      'dumpsys window displays': android14Fixture('dumpsys-window-displays-rotation1'),
      'settings get system user_rotation': '0\n',
    };
    const { run, shellLog } = device({ shell: async (c) => answers[c] ?? '' });
    expect(await run('tactile.button', { button: 'volume_down' })).toMatchObject({
      status: 'completed',
      dispatch: adb(2),
    });
    expect(await run('tactile.button', { button: 'notifications' })).toMatchObject({ status: 'completed', code: null });
    expect(await run('tactile.button', { button: 'rotate' })).toMatchObject({ status: 'completed', code: null });
    expect(shellLog).toEqual([
      'input keyevent KEYCODE_VOLUME_DOWN',
      'cmd statusbar expand-notifications',
      'dumpsys window displays',
      'wm user-rotation lock 0',
    ]);
    const portrait = device({
      shell: async (c) => (c === 'dumpsys window displays' ? android14Fixture('dumpsys-window-displays') : ''),
    });
    await portrait.run('tactile.button', { button: 'rotate' });
    expect(portrait.shellLog.at(-1)).toBe('wm user-rotation lock 1');
  });

  it('a control socket that fails while sending leaves the outcome unknown, never not_started', async () => {
    const { control, sent } = fakeControl(1);
    const r = await device({ control }).run('tactile.button', { button: 'power' });
    expect(r).toMatchObject({ status: 'unknown', code: 'DEVICE_LOST' });
    expect(sent).toEqual(['key down 26 0']);
  });
});

describe('text and paste', () => {
  it('typing over the mirror goes as INJECT_TEXT (at the cursor) with its key events counted; replacing uses the helper', async () => {
    const { control, sent } = fakeControl();
    const { run } = device({ control, helper: true });
    // "Hi!": H and ! are shifted (a Shift pair around each), i is not.
    expect(await run('input_text', { text: 'Hi!', target: null, clear_exist: false })).toMatchObject({
      status: 'completed',
      dispatch: scrcpy(10),
    });
    expect(sent).toEqual(['text Hi!']);
  });

  it('text the keyboard map cannot type is not sent as INJECT_TEXT (the device would drop it silently)', async () => {
    const { control, sent } = fakeControl();
    const r = await device({ control }).run('input_text', { text: 'née', target: null, clear_exist: false });
    expect(sent).toEqual([]);
    expect(r.dispatch?.backend).not.toBe('scrcpy');
  });

  it('tactile.paste over the mirror sets the clipboard with paste; without a mirror nothing is sent', async () => {
    const { control, sent } = fakeControl();
    expect(await device({ control }).run('tactile.paste', { text: 'from the console' })).toMatchObject({
      status: 'completed',
      dispatch: scrcpy(2),
    });
    expect(sent).toEqual(['clipboard from the console true']);
    const bare = device();
    expect(await bare.run('tactile.paste', { text: 'x' })).toMatchObject({
      status: 'not_started',
      code: 'CAPABILITY_UNAVAILABLE',
    });
    expect(bare.shellLog).toEqual([]);
    expect(await bare.run('tactile.paste', { text: '' })).toMatchObject({
      status: 'not_started',
      code: 'INVALID_ARGUMENT',
      path: '/args/text',
    });
  });
});

describe('apps', () => {
  it('tactile.uninstall_app removes an installed package; an absent one is NOT_FOUND with nothing sent', async () => {
    const answers: Record<string, string> = {
      "pm path 'com.example.app'": 'package:/data/app/x/base.apk\n',
      "pm uninstall 'com.example.app'": 'Success\n',
    };
    const { run, shellLog } = device({ shell: async (c) => answers[c] ?? '' });
    expect(await run('tactile.uninstall_app', { package: 'com.example.app' })).toMatchObject({
      status: 'completed',
      code: null,
    });
    expect(await run('tactile.uninstall_app', { package: 'com.example.gone' })).toMatchObject({
      status: 'not_started',
      code: 'NOT_FOUND',
      path: '/args/package',
    });
    expect(shellLog.filter((c) => c.startsWith('pm uninstall'))).toEqual(["pm uninstall 'com.example.app'"]);
    expect(await run('tactile.uninstall_app', { package: 'not a package' })).toMatchObject({
      status: 'not_started',
      code: 'INVALID_ARGUMENT',
    });
  });
});

describe('tactile.install_app', () => {
  const APK = '/data/local/tmp/hello.apk';
  const CHECK = `[ -f '${APK}' ] && echo present || echo absent`;
  const LIST = 'pm list packages -3 --show-versioncode';
  /** A phone holding hello.apk: `pm install` answers `answer` and, on Success, com.example.hello appears at version 3. */
  function phone(answer: string, opts: { present?: boolean } = {}) {
    let installed = false;
    return device({
      shell: async (c) => {
        if (c === CHECK) return opts.present === false ? 'absent\n' : 'present\n';
        if (c === LIST)
          return `package:com.example.other versionCode:7\n${installed ? 'package:com.example.hello versionCode:3\n' : ''}`;
        if (c === `pm install '${APK}'`) {
          installed = answer.startsWith('Success');
          return answer;
        }
        return '';
      },
    });
  }
  const deviceCommands = (log: string[]) => log.filter((c) => /^(\[ -f|pm (install|list)|rm )/.test(c));

  it('installs, names the package that appeared, and removes the APK after, as adb install does', async () => {
    const { run, shellLog } = phone('Success\n');
    expect(await run('tactile.install_app', { apk_path: APK })).toMatchObject({
      status: 'completed',
      code: null,
      message: 'installed com.example.hello',
      result: { package: 'com.example.hello', output: 'Success\n' },
    });
    expect(deviceCommands(shellLog)).toEqual([CHECK, LIST, `pm install '${APK}'`, `rm -f '${APK}'`, LIST]);
  });

  it("Failure [INSTALL_…] is not_started with Android's code and reason in words; the APK is removed all the same", async () => {
    const answer =
      'Failure [INSTALL_FAILED_VERSION_DOWNGRADE: Downgrade detected: Update version code 2 is older than current 3]\n';
    const { run, shellLog } = phone(answer);
    const r = await run('tactile.install_app', { apk_path: APK });
    expect(r).toMatchObject({
      status: 'not_started',
      code: 'UNAVAILABLE',
      path: '/args/apk_path',
      result: { package: null, output: answer },
    });
    expect(r.message).toBe(
      'INSTALL_FAILED_VERSION_DOWNGRADE: A newer version of the app is installed: uninstall it first to install an older one. (Downgrade detected: Update version code 2 is older than current 3)',
    );
    expect(deviceCommands(shellLog)).toEqual([CHECK, LIST, `pm install '${APK}'`, `rm -f '${APK}'`]);
  });

  it('pm ran but its answer says neither Success nor Failure: unknown, never not_started', async () => {
    for (const answer of ['', "Exception occurred while executing 'install':\njava.lang.SecurityException: …\n"]) {
      const r = await phone(answer).run('tactile.install_app', { apk_path: APK });
      expect(r, JSON.stringify(answer)).toMatchObject({
        status: 'unknown',
        code: 'INTERNAL',
        result: { package: null },
      });
    }
  });

  it('an APK no longer on the device (a replayed install) is NOT_FOUND with nothing sent', async () => {
    const { run, shellLog } = phone('Success\n', { present: false });
    const r = await run('tactile.install_app', { apk_path: APK });
    expect(r).toMatchObject({ status: 'not_started', code: 'NOT_FOUND', path: '/args/apk_path' });
    expect(r.message).toContain('push the APK again');
    expect(deviceCommands(shellLog)).toEqual([CHECK]);
  });

  it('refuses a path outside /data/local/tmp/ or not an .apk before any shell; a quote in a name stays a word', async () => {
    const { run, shellLog } = phone('Success\n');
    for (const apk_path of ['/sdcard/x.apk', '/data/local/tmp/../../system/x.apk', '/data/local/tmp/x.sh', 'x.apk'])
      expect(await run('tactile.install_app', { apk_path }), apk_path).toMatchObject({
        status: 'not_started',
        code: 'INVALID_ARGUMENT',
        path: '/args/apk_path',
      });
    expect(await run('tactile.install_app', { apk_path: APK, replace: true })).toMatchObject({
      status: 'not_started',
      code: 'INVALID_ARGUMENT',
    });
    expect(deviceCommands(shellLog)).toEqual([]);
    const odd = "/data/local/tmp/a'; reboot; '.apk";
    await run('tactile.install_app', { apk_path: odd });
    expect(shellLog).toContain(`[ -f '/data/local/tmp/a'\\''; reboot; '\\''.apk' ] && echo present || echo absent`);
  });

  it('writes its intent before pm install runs, under the device lock', async () => {
    const order: string[] = [];
    const link = fakeLink(null, new FakeInput(), async (c) => {
      order.push(c.split(' ').slice(0, 2).join(' '));
      return c.startsWith('[ -f') ? 'present\n' : c.startsWith('pm install') ? 'Success\n' : '';
    });
    // The durable journal (intents are written by it alone), its intent line noted in the order it is written.
    const journal = new ReceiptJournal({ dir: join(dir, 'journal') });
    const appendIntent = journal.appendIntent.bind(journal);
    journal.appendIntent = (intent) => {
      order.push(`intent ${intent.tool}`);
      appendIntent(intent);
    };
    const ex = createExecutor({ links: { open: async () => link }, locks: new DeviceLocks({ dir }), journal });
    const r = await ex.run(
      { tool: 'tactile.install_app', args: { apk_path: APK } },
      { serial: 'fake-1', owner: 'unit' },
    );
    expect(r.status).toBe('completed');
    expect(order.indexOf('intent tactile.install_app')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('intent tactile.install_app')).toBeLessThan(order.indexOf('pm install'));
  });
});
