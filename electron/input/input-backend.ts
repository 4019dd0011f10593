// Input backends behind one interface. A backend receives one continuous contact (pointer strokes in device
// pixels, as shared/gesture plans them) and reports what it dispatched. What each backend can do is its
// capability list; the executor refuses a tool the live backend cannot do before any input (never approximated).
import type { PointerStroke } from '../../shared/gesture';
import type { InjectCapability } from '../../shared/prepare';
import type { DispatchFiguresSchema } from '../../shared/receipts';
import type { z } from 'zod';

export type InputCapability = InjectCapability;
export type DispatchFigures = z.infer<typeof DispatchFiguresSchema>;

export type DispatchOutcome =
  | { ok: true; figures: DispatchFigures }
  /** Refused before any input: nothing reached the device. */
  | {
      ok: false;
      uncertain: false;
      code:
        | 'CAPABILITY_UNAVAILABLE'
        | 'CANCELLED'
        | 'INVALID_ARGUMENT'
        | 'OFF_SCREEN'
        | 'INTERNAL'
        | 'INJECT_PERMISSION_DENIED';
      message: string;
    }
  /** The link failed while input was under way: the outcome is unknown and must never be replayed. */
  | {
      ok: false;
      uncertain: true;
      code: 'DEVICE_LOST' | 'CANCELLED' | 'INTERNAL' | 'INJECT_PERMISSION_DENIED';
      message: string;
      dispatched: number | null;
    };

export interface InputBackend {
  readonly kind: 'helper' | 'adb_input' | 'scrcpy';
  readonly capabilities: readonly InputCapability[];
  /**
   * One continuous contact: every stroke's first keyframe is its down, its last its up. A backend that sends
   * events from the host stops between events once `signal` aborts, lifting the fingers still down.
   */
  dispatch(strokes: readonly PointerStroke[], operationId: string, signal?: AbortSignal): Promise<DispatchOutcome>;
}

// The plan's capability rule lives with prepareCall (shared/prepare): backends and the executor judge alike.
export { needsHold, needsMultiPointer, requiredCapability } from '../../shared/prepare';
