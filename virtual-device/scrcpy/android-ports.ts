// Connects the scrcpy server to the simulated Android: the lab's renderer is the screen, its
// InputDispatcher takes the touches and keys (so scrcpy input counts like any other input), and each
// device keeps one clipboard across sessions.
import type { SimulatedAndroid } from '../android/device';
import { keysForText, KEYCODES } from '../../shared/android/keycodes';
import type { DeviceClipboard } from '../android/clipboard';
import type { ScrcpyDeviceExtras, ScrcpyInput, ScrcpyScreen } from './ports';

const LAB_PACKAGE = 'com.tactile.lab';

export function scrcpyPortsFor(android: SimulatedAndroid): {
  screen: ScrcpyScreen;
  input: ScrcpyInput;
  extras: ScrcpyDeviceExtras;
  clipboard: DeviceClipboard;
} {
  const key = (action: 'down' | 'up', keyCode: number, char: string | null, metaState = 0) =>
    android.input.injectKey({ action, key_code: keyCode, char, meta_state: metaState, t_ms: android.clock() });
  return {
    screen: {
      frameVersion: () => android.lab.version,
      render: () => android.renderer.render(),
    },
    input: {
      motion: (e) => {
        android.input.injectMotion({
          action: e.action,
          action_index: e.action_index,
          pointers: e.pointers,
          t_ms: android.clock(),
        });
      },
      key: (e) => {
        key(e.action, e.keycode, null, e.meta_state);
      },
      text: (text) => {
        // Like Controller.injectText: characters the key map cannot type are skipped, the rest typed.
        for (const ch of text) {
          const typed = keysForText(ch)?.[0];
          if (!typed) continue;
          if (typed.shift) key('down', KEYCODES.SHIFT_LEFT, null);
          key('down', typed.keyCode, typed.char);
          key('up', typed.keyCode, null);
          if (typed.shift) key('up', KEYCODES.SHIFT_LEFT, null);
        }
      },
    },
    extras: {
      deviceName: android.banner().model,
      // Device.rotateDevice: portrait ↔ landscape (0→1, 1→0, 2→1, 3→0).
      rotate: () => android.setRotation((android.display.rotation & 1) ^ 1),
      // StatusBarManager.expandNotificationsPanel / expandSettingsPanel / collapsePanels.
      expandPanel: (panel) => android.lab.setShade(panel),
      isScreenOn: () => android.lab.screenOn,
      setDisplayPower: (on) => android.lab.setPanelPower(on),
      startApp: (pkg, forceStop) => {
        if (pkg !== LAB_PACKAGE) return false;
        if (forceStop) android.lab.forceStop();
        return android.lab.launch();
      },
    },
    clipboard: android.clipboard,
  };
}
