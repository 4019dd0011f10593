// Android refused the helper's injection (INJECT_PERMISSION_DENIED: a SecurityException about INJECT_EVENTS,
// as on Xiaomi MIUI/HyperOS without "USB debugging (Security settings)"). The helper stops offering inject.*
// for the rest of its session; the host records the refusal against that session's channel, so the device's
// usable capabilities drop inject.* until a new helper session starts. No other backend is offered instead:
// `adb shell input` and scrcpy's control socket inject from the same shell user and are refused the same way.
import type { Capability } from '../../shared/helper-protocol';
import type { HelperChannel } from './helper-channel';

export const INJECT_EVENTS_PERMISSION = 'android.permission.INJECT_EVENTS';
/** The helper's `details.reason` on a later inject once injection was refused this session. */
export const INJECT_DENIED_REASON = 'inject_permission_denied';

export interface InjectDenial {
  permission: string;
  /** The SecurityException's message, as Android gave it. */
  reason: string;
  /** The setting that lifts the refusal, as the helper names it. */
  setting: string;
  /** Events injected before the refusal (usually 0). */
  dispatched: number;
}

const denials = new WeakMap<HelperChannel, InjectDenial>();

/** The refusal from an INJECT_PERMISSION_DENIED answer's details (fields the helper left out get defaults). */
export function injectDenialFrom(details: Record<string, unknown> | undefined, message: string): InjectDenial {
  const text = (key: string, fallback: string) =>
    typeof details?.[key] === 'string' ? (details[key] as string) : fallback;
  const dispatched = details?.dispatched;
  return {
    permission: text('permission', INJECT_EVENTS_PERMISSION),
    reason: text('reason', message),
    setting: text('setting', 'USB debugging (Security settings)'),
    dispatched: typeof dispatched === 'number' && Number.isInteger(dispatched) && dispatched >= 0 ? dispatched : 0,
  };
}

export function recordInjectDenial(channel: HelperChannel, denial: InjectDenial): void {
  if (!denials.has(channel)) denials.set(channel, denial);
}

/** The refusal recorded for this helper session, or null. */
export function injectDenialOf(channel: HelperChannel): InjectDenial | null {
  return denials.get(channel) ?? null;
}

/** What the session can still do: the hello's capabilities without inject.* once injection was refused. */
export function usableCapabilities(channel: HelperChannel): Capability[] {
  const all = channel.info.capabilities;
  return denials.has(channel) ? all.filter((c) => !c.startsWith('inject.')) : all;
}

/** One sentence for a refusal before input: what happened and what to enable. */
export function injectDeniedMessage(denial: InjectDenial): string {
  return (
    `Android refused input injection (${denial.permission}: ${denial.reason}). Enable "${denial.setting}" in Developer options ` +
    '(Xiaomi MIUI/HyperOS; similar settings on other vendors), then reconnect the device'
  );
}
