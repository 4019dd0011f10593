// The device panel's words about the helper (shared/ipc/helper-notices.ts), from its live channel and why it
// is not live. The inject refusal's text says what happened, which setting to enable where, and that Tactile
// does not fall back to `adb shell input` (refused the same way on those phones).
import type { HelperNotice } from '../../shared/ipc/helper-notices';
import type { HelperChannel } from './helper-channel';
import { injectDenialOf } from './inject-denial';

/** API levels where UiAutomation's plain connect() suspends every other accessibility service. */
const SUSPENDS_ACCESSIBILITY_BELOW = 24;

export function helperNotices(native: HelperChannel | null, problem: string | null): HelperNotice[] {
  const notices: HelperNotice[] = [];
  const denial = native ? injectDenialOf(native) : null;
  if (denial) {
    notices.push({
      kind: 'inject_denied',
      severity: 'error',
      title: 'This phone refuses injected input',
      text:
        `Android refused to inject a touch: ${denial.permission} was denied ("${denial.reason}"). ` +
        `Taps, swipes and gestures are not offered until it is allowed; reading the screen and native control actions still work. ` +
        `On Xiaomi (MIUI/HyperOS) enable Developer options → "${denial.setting}" (it asks for a SIM card and a Mi account sign-in), ` +
        'on OPPO/realme (ColorOS) turn off "Disable permission monitoring", on other vendors look for a similar USB debugging security option; ' +
        'then disconnect and reconnect the device. `adb shell input` is refused the same way, so Tactile does not fall back to it.',
    });
  }
  if (problem !== null) {
    notices.push({
      kind: 'helper_unavailable',
      severity: 'warn',
      title: 'The on-device helper is not running',
      text: `${problem}.`,
    });
  }
  if (native && native.info.sdk < SUSPENDS_ACCESSIBILITY_BELOW) {
    notices.push({
      kind: 'accessibility_suspended',
      severity: 'info',
      title: `Accessibility services are suspended on Android API ${native.info.sdk}`,
      text:
        'While the helper runs, Android 5.0–6.0 (API 21–23) suspends every other accessibility service on this phone ' +
        '(TalkBack, password managers, automation apps); nothing can prevent it on these versions. They resume when the helper stops.',
    });
  }
  return notices;
}
