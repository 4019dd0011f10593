// The system around the lab: Recents switches tasks, panels expand and collapse, power and volume keys,
// and the text field's clipboard keys, all through the InputDispatcher as injected keys arrive on a phone.
import { afterEach, describe, expect, it } from 'vitest';
import { createTestAndroid, type TestAndroid } from '../android/test-harness';
import { KEYCODES } from '../../shared/android/keycodes';

let dev: TestAndroid;
afterEach(() => dev?.android.stop());

const press = (code: number, meta = 0) => {
  dev.android.input.injectKey({ action: 'down', key_code: code, meta_state: meta });
  dev.android.input.injectKey({ action: 'up', key_code: code, meta_state: meta });
};
const tap = (resourceId: string) => {
  const n = dev.android.lab.findNode(resourceId);
  if (!n) throw new Error(`no node ${resourceId}`);
  const b = n.visible_bounds;
  const p = { id: 0, x: (b.left + b.right) / 2, y: (b.top + b.bottom) / 2 };
  dev.android.input.injectMotion({ action: 'down', pointers: [p] });
  dev.android.input.injectMotion({ action: 'up', pointers: [p] });
};
const system = () => dev.android.lab.stateJson().system as Record<string, unknown>;
const windows = () => dev.android.lab.snapshot().windows.map((w) => w.title);
const edit = () =>
  (dev.android.lab.stateJson().controls as Record<string, Record<string, unknown>>)['com.tactile.lab:id/edit_text']!;

describe('system UI of the virtual device', () => {
  it('APP_SWITCH opens Recents over the app; a second APP_SWITCH switches back to the task where it was', () => {
    dev = createTestAndroid();
    tap('com.tactile.lab:id/second_screen_button');
    const before = dev.android.lab.version;
    press(KEYCODES.APP_SWITCH);
    expect(system().recents).toBe(true);
    expect(windows()).toContain('RecentsActivity');
    expect(windows()).not.toContain('DetailsActivity');
    expect(dev.android.lab.version).toBeGreaterThan(before);
    press(KEYCODES.APP_SWITCH);
    expect(system().recents).toBe(false);
    expect(dev.android.lab.focusedActivity).toBe('com.tactile.lab/com.tactile.lab.DetailsActivity');
  });

  it('from Home, Recents shows the lab card and tapping it resumes the lab; Clear all removes the task', () => {
    dev = createTestAndroid();
    press(KEYCODES.HOME);
    expect(dev.android.lab.focusedActivity).toBeNull();
    press(KEYCODES.APP_SWITCH);
    tap('com.android.launcher3:id/task_view');
    expect(dev.android.lab.focusedActivity).toBe('com.tactile.lab/com.tactile.lab.MainActivity');
    press(KEYCODES.APP_SWITCH);
    tap('com.android.launcher3:id/clear_all');
    expect(dev.android.lab.stateJson().running).toBe(false);
    press(KEYCODES.APP_SWITCH);
    expect(dev.android.lab.findNode('com.android.launcher3:id/recents_empty')?.text).toBe('No recent items');
  });

  it('the shade expands from `cmd statusbar`, BACK and a tap below it collapse it', async () => {
    dev = createTestAndroid();
    expect((await dev.run('cmd statusbar expand-settings')).code).toBe(0);
    expect(system().shade).toBe('quick_settings');
    expect(windows()[0]).toBe('NotificationShade');
    press(KEYCODES.BACK);
    expect(system().shade).toBe('none');
    expect(dev.android.lab.focusedActivity).toBe('com.tactile.lab/com.tactile.lab.MainActivity');
    await dev.run('cmd statusbar expand-notifications');
    expect(dev.android.lab.findNode('com.android.systemui:id/notification_0')?.text).toBe('Tactile Lab · running');
    const p = { id: 0, x: 500, y: 2300 };
    dev.android.input.injectMotion({ action: 'down', pointers: [p] });
    dev.android.input.injectMotion({ action: 'up', pointers: [p] });
    expect(system().shade).toBe('none');
  });

  it('POWER turns the display off (touches dropped) and on; volume keys step STREAM_MUSIC 0..15 and show the panel for 3 s', () => {
    dev = createTestAndroid();
    press(KEYCODES.POWER);
    expect(system().screen_on).toBe(false);
    tap('com.tactile.lab:id/checkbox');
    expect(
      (dev.android.lab.stateJson().controls as Record<string, Record<string, unknown>>)['com.tactile.lab:id/checkbox']!
        .checked,
    ).toBe(false);
    press(KEYCODES.POWER);
    expect(system().screen_on).toBe(true);
    for (let i = 0; i < 20; i++) press(KEYCODES.VOLUME_UP);
    expect(system().volume).toBe(15);
    press(KEYCODES.VOLUME_DOWN);
    expect(system()).toMatchObject({ volume: 14, volume_panel: true });
    dev.advance(3001);
    expect(system().volume_panel).toBe(false);
  });

  it('the focused field selects all, copies, cuts and pastes through the device clipboard (Ctrl and the COPY/PASTE keys)', async () => {
    dev = createTestAndroid();
    tap('com.tactile.lab:id/edit_text');
    await dev.run('input text hello');
    press(KEYCODES.A, 0x1000);
    press(278);
    expect(dev.android.clipboard.get()).toBe('hello');
    press(KEYCODES.MOVE_END);
    dev.android.clipboard.set(' world');
    press(279);
    expect(edit().text).toBe('hello world');
    press(KEYCODES.A, 0x1000);
    press(52, 0x1000);
    expect(edit().text).toBe('');
    expect(dev.android.clipboard.get()).toBe('hello world');
  });
});
