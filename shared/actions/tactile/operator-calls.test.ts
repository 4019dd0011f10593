import { describe, expect, it } from 'vitest';
import { validateToolCall } from '../../validation';
import { DEVICE_BUTTONS, OPERATOR_APP_ACTIONS, TYPING_KEYS, operatorCall, typingKeyCall } from './operator-calls';

describe('operator inputs as canonical calls', () => {
  it('every button, typing key (with and without modifiers), app action, text and paste is a call the executor accepts', () => {
    const calls = [
      ...DEVICE_BUTTONS.map((button) => operatorCall({ kind: 'button', button })),
      ...TYPING_KEYS.flatMap((key) =>
        [
          [false, false],
          [true, false],
          [false, true],
          [true, true],
        ]
          .filter(([ctrl]) => key.length > 1 || ctrl)
          .map(([ctrl, shift]) => typingKeyCall(key, ctrl!, shift!)),
      ),
      ...OPERATOR_APP_ACTIONS.map((action) => operatorCall({ kind: 'app', package: 'com.tactile.lab', action })),
      operatorCall({ kind: 'text', text: 'hello' }),
      operatorCall({ kind: 'paste', text: 'pasted' }),
      operatorCall({ kind: 'copy' }),
      operatorCall({ kind: 'install', path: '/data/local/tmp/hello.apk' }),
      operatorCall({ kind: 'install', path: "/data/local/tmp/my app's $(x).APK" }),
      operatorCall({ kind: 'install', path: '/data/local/tmp/staged/v2/app.apk' }),
    ];
    for (const call of calls) expect(validateToolCall(call), JSON.stringify(call)).toMatchObject({ ok: true });
  });

  it('uses seed tools where one exists, one spelling per input', () => {
    expect(operatorCall({ kind: 'button', button: 'app_switch' })).toEqual({
      tool: 'press_key',
      args: { key: 'app_switch' },
    });
    expect(operatorCall({ kind: 'button', button: 'power' })).toEqual({
      tool: 'tactile.button',
      args: { button: 'power' },
    });
    expect(typingKeyCall('enter', false, false)).toEqual({ tool: 'press_key', args: { key: 'enter' } });
    expect(typingKeyCall('backspace', false, false)).toEqual({ tool: 'press_key', args: { key: 'delete' } });
    expect(typingKeyCall('backspace', true, false)).toEqual({
      tool: 'tactile.key',
      args: { key: 'del', ctrl: true, shift: false },
    });
    expect(typingKeyCall('home', false, false)).toEqual({
      tool: 'tactile.key',
      args: { key: 'move_home', ctrl: false, shift: false },
    });
    expect(operatorCall({ kind: 'text', text: 'hi' })).toEqual({
      tool: 'input_text',
      args: { text: 'hi', target: null, clear_exist: false },
    });
    expect(operatorCall({ kind: 'app', package: 'com.a.b', action: 'launch' })).toEqual({
      tool: 'manage_app',
      args: { action: 'launch', app_name: 'com.a.b' },
    });
    expect(operatorCall({ kind: 'app', package: 'com.a.b', action: 'clear' })).toEqual({
      tool: 'reset_app_data',
      args: { appId: 'com.a.b' },
    });
    expect(operatorCall({ kind: 'app', package: 'com.a.b', action: 'uninstall' })).toEqual({
      tool: 'tactile.uninstall_app',
      args: { package: 'com.a.b' },
    });
    expect(operatorCall({ kind: 'install', path: '/data/local/tmp/a.apk' })).toEqual({
      tool: 'tactile.install_app',
      args: { apk_path: '/data/local/tmp/a.apk' },
    });
  });

  it('Tactile tools validate completely: stable codes and paths, nothing left to the device', () => {
    const refused = (tool: string, args: unknown) => {
      const r = validateToolCall({ tool, args });
      return r.ok ? null : r.errors.map((e) => `${e.code} ${e.path}`);
    };
    expect(refused('tactile.button', { button: 'home' })).toEqual(['INVALID_ARGUMENT /args/button']);
    expect(refused('tactile.button', { button: 'power', extra: 1 })).toEqual(['INVALID_ARGUMENT /args/extra']);
    expect(refused('tactile.key', { key: 'a' })).toEqual(['INVALID_ARGUMENT /args/ctrl']);
    expect(refused('tactile.key', { key: 'f13' })).toEqual(['INVALID_ARGUMENT /args/key']);
    expect(refused('tactile.paste', { text: '' })).toEqual(['INVALID_ARGUMENT /args/text']);
    expect(refused('tactile.paste', { text: 'x'.repeat(65_537) })).toEqual(['INVALID_ARGUMENT /args/text']);
    expect(refused('tactile.uninstall_app', { package: '../etc' })).toEqual(['INVALID_ARGUMENT /args/package']);
    expect(refused('tactile.nope', {})).toEqual(['UNKNOWN_TOOL /tool']);
  });

  it('tactile.install_app takes one APK under /data/local/tmp/ and nothing else', () => {
    const install = (args: unknown) => {
      const r = validateToolCall({ tool: 'tactile.install_app', args });
      return r.ok ? 'ok' : r.errors.map((e) => `${e.code} ${e.path} ${e.message}`);
    };
    expect(install({ apk_path: '/data/local/tmp/hello.apk' })).toBe('ok');
    for (const apk_path of [
      'hello.apk', // relative
      '/sdcard/Download/hello.apk', // elsewhere
      '/data/local/tmp/../../system/app/x.apk',
      '/data/local/tmp/./x.apk',
      '/data/local/tmp//x.apk',
      '/data/local/tmp/.apk',
      '/data/local/tmp/hello.zip',
      '/data/local/tmp/hello.apk/',
      '/data/local/tmpx/hello.apk',
      '/data/local/tmp/a\nb.apk',
      '/data/local/tmp/' + 'a'.repeat(1020) + '.apk',
    ])
      expect(install({ apk_path }), apk_path).toEqual([expect.stringMatching(/^INVALID_ARGUMENT \/args\/apk_path /)]);
    expect(install({ apk_path: '/data/local/tmp/elsewhere.zip' })).toEqual([
      expect.stringContaining('expected an absolute path under /data/local/tmp/ ending in .apk'),
    ]);
    expect(install({})).toEqual([expect.stringMatching(/^INVALID_ARGUMENT \/args\/apk_path /)]);
    expect(install({ apk_path: '/data/local/tmp/a.apk', replace: true })).toEqual([
      expect.stringMatching(/^INVALID_ARGUMENT \/args\/replace /),
    ]);
  });
});
