// Test faults of the virtual helper: failure modes a real phone has and the lab does not, switched on with
// `adb shell setprop NAME 1` (off by default, back off with `setprop NAME 0`). Each makes the simulated helper
// answer exactly as the Java helper does in that situation (PROTOCOL.md), so the host's handling is tested
// end to end. They are faults for tests, never something a normal session meets.

/** Android refuses injection with a SecurityException about INJECT_EVENTS (MIUI/HyperOS without the setting). */
export const INJECT_DENIED_PROP = 'persist.tactile.sim.inject_denied';
/**
 * UiAutomation's connection is lost: a running helper's next UiAutomation call throws IllegalStateException and
 * it exits 6; a helper started while it is on meets the same at its first call (a cause that persists).
 */
export const UIAUTOMATION_LOST_PROP = 'persist.tactile.sim.uiautomation_lost';

/** The SecurityException's message on Android 13+ (InputManagerService), as the Java helper reports it. */
export const INJECT_DENIED_EXCEPTION =
  'Injecting input events requires the caller (or the source of the instrumentation, if any) to have the INJECT_EVENTS permission.';

export interface SimFaults {
  injectDenied: boolean;
  uiAutomationLost: boolean;
}

export function simFaults(props: ReadonlyMap<string, string>): SimFaults {
  const on = (name: string) => props.get(name) === '1' || props.get(name) === 'true';
  return { injectDenied: on(INJECT_DENIED_PROP), uiAutomationLost: on(UIAUTOMATION_LOST_PROP) };
}
