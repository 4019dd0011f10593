import { describe, expect, it } from 'vitest';
import type { DeviceSession } from '../../device/session';
import { android14Fixture } from '../../../test/support/android14-fixtures';
import { pressButton } from './device-input';

/** A session without a mirror: every button goes through adb shell, answered from real Android 14 output. */
function adbOnly(answers: Record<string, string>): { session: DeviceSession; sent: string[] } {
  const sent: string[] = [];
  const session = {
    mirrorControl: () => null,
    shell: async (command: string) => {
      sent.push(command);
      return answers[command] ?? '';
    },
  } as unknown as DeviceSession;
  return { session, sent };
}

describe('pressButton rotate over adb', () => {
  it('turns a display that is in landscape back to portrait, whatever user_rotation says', async () => {
    // Auto-rotate on: the stale user_rotation is 0 while the display is turned a quarter.
    const { session, sent } = adbOnly({
      'dumpsys window displays': android14Fixture('dumpsys-window-displays-rotation1'),
      'settings get system user_rotation': '0\n',
    });
    expect(await pressButton(session, 'rotate')).toBe('adb');
    expect(sent).toEqual(['dumpsys window displays', 'wm user-rotation lock 0']);
  });

  it('turns a portrait display to landscape', async () => {
    const { session, sent } = adbOnly({ 'dumpsys window displays': android14Fixture('dumpsys-window-displays') });
    await pressButton(session, 'rotate');
    expect(sent.at(-1)).toBe('wm user-rotation lock 1');
  });
});
