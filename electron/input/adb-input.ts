// The fallback: `adb shell input`. It can send one finger along one straight segment only (tap, long press
// as a held swipe, swipe), and cannot rest the finger after a move (a drag's settle): no inject.hold. Anything else is refused with CAPABILITY_UNAVAILABLE, never approximated.
import type { PointerStroke } from '../../shared/gesture';
import {
  needsHold,
  needsMultiPointer,
  type DispatchOutcome,
  type InputBackend,
  type InputCapability,
} from './input-backend';

/** Runs one `adb shell` command line to its end; rejects when the device went away. */
export type ShellRunner = (command: string) => Promise<string>;

/** A press this short is a tap (`input tap` presses for a few ms); anything longer keeps its duration. */
const TAP_MAX_MS = 100;

export function adbInputCommand(stroke: PointerStroke): string {
  const a = stroke.keyframes[0]!;
  const b = stroke.keyframes[stroke.keyframes.length - 1]!;
  const duration = Math.round(b.t_ms - a.t_ms);
  const [x1, y1, x2, y2] = [a.x, a.y, b.x, b.y].map((v) => Math.round(v));
  if (x1 === x2 && y1 === y2 && duration <= TAP_MAX_MS) return `input tap ${x1} ${y1}`;
  return `input swipe ${x1} ${y1} ${x2} ${y2} ${Math.max(1, duration)}`;
}

export class AdbShellInput implements InputBackend {
  readonly kind = 'adb_input' as const;
  readonly capabilities: readonly InputCapability[] = ['inject.single_pointer'];

  constructor(private readonly shell: ShellRunner) {}

  async dispatch(strokes: readonly PointerStroke[]): Promise<DispatchOutcome> {
    if (strokes.length !== 1 || needsMultiPointer(strokes) || needsHold(strokes)) {
      return {
        ok: false,
        uncertain: false,
        code: 'CAPABILITY_UNAVAILABLE',
        message:
          'adb shell input sends one finger along one straight segment and cannot rest before the release; this gesture needs the helper',
      };
    }
    const command = adbInputCommand(strokes[0]!);
    try {
      const output = await this.shell(command);
      if (/Exception|Error/.test(output))
        return { ok: false, uncertain: true, code: 'INTERNAL', message: output.trim().slice(0, 300), dispatched: null };
      return { ok: true, figures: { backend: 'adb_input', events: 2, down_time_ms: null, event_times_ms: null } };
    } catch (e) {
      return { ok: false, uncertain: true, code: 'DEVICE_LOST', message: (e as Error).message, dispatched: null };
    }
  }
}
