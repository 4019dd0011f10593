// What a device can do: its capability list (what prepareCall checks a call's needs against, see
// shared/prepare/capabilities.ts) and which tools it offers. Native reads/writes need the helper's
// capabilities; gestures need the backend's injection capability.
import type { ToolName } from '../../shared/actions';
import { TOOL_NAMES } from '../../shared/actions';
import type { Capability } from '../../shared/helper-protocol';
import { withImpliedCapabilities, type InjectCapability } from '../../shared/prepare';
import type { HelperChannel } from '../helper/helper-channel';
import type { InputBackend } from '../input/input-backend';

/** Native capabilities from the helper; injection only from the operation's input backend. */
export function deviceCapabilities(native: HelperChannel | null, input: InputBackend): string[] {
  const nativeOnly = (native?.info.capabilities ?? []).filter((c) => !c.startsWith('inject.'));
  return [...new Set([...nativeOnly, ...input.capabilities])];
}

const TOOL_NEEDS: Partial<Record<ToolName, ReadonlyArray<Capability | InjectCapability>>> = {
  // A drag moves in one straight segment, then rests on its end point before lifting (shared/gesture/drag-profile.ts):
  // one finger held down, which the helper does on any API level; `adb shell input swipe` cannot rest (its release
  // would fling). A calibrated pan's lead past the slop is a second segment: that drag alone needs multi_pointer.
  drag: ['inject.single_pointer', 'inject.hold'],
  pinch: ['inject.multi_pointer'],
  touch_gesture: ['inject.multi_pointer'],
  read_control: ['read_control'],
  control_action: ['read_control'],
  wait_until: ['probe'],
  scroll_to: ['probe'],
};

/** The tools a device with these capabilities can run (a tool it cannot do is not offered). */
export function offeredTools(have: readonly string[]): ToolName[] {
  const set = withImpliedCapabilities(have);
  return TOOL_NAMES.filter((t) => (TOOL_NEEDS[t] ?? []).every((need) => set.has(need)));
}
