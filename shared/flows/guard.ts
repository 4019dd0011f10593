// The geometry guard: a recorded coordinate means a place on the recording's screen. When the replay device's
// screen size, density or rotation differs from `recorded_on`, a step with coordinates is refused
// (GEOMETRY_CHANGED, nothing sent) unless the operator chose to scale: then pixel-space coordinates are carried
// to the live screen through normalized coordinates and normalized ones are sent as they are. Steps without
// coordinates (resource-id targets, native selectors without bounds, keys, waits) resolve live and pass.
import type { ActionCall } from '../actions';
import { tactileError, type TactileError } from '../errors';
import type { ScreenSize } from '../geometry';
import { coordinateUses, rescaleCall } from './coordinates';
import type { RecordedOn } from './format';

export interface LiveGeometry {
  screen: ScreenSize;
  density: number;
  rotation: number;
}

/** What differs between the recording's device and the live one, in words; empty when nothing does. */
export function geometryDifferences(recorded: RecordedOn, live: LiveGeometry): string[] {
  const out: string[] = [];
  if (recorded.screen.width !== live.screen.width || recorded.screen.height !== live.screen.height) {
    out.push(
      `screen ${recorded.screen.width}×${recorded.screen.height} recorded, ${live.screen.width}×${live.screen.height} now`,
    );
  }
  if (recorded.density !== live.density) out.push(`density ${recorded.density} dpi recorded, ${live.density} now`);
  if (recorded.rotation !== live.rotation) out.push(`rotation ${recorded.rotation} recorded, ${live.rotation} now`);
  return out;
}

export type Guarded = { ok: true; call: ActionCall; scaled: boolean } | { ok: false; error: TactileError };

/**
 * The call to send for step `index` on a device of geometry `live`: as recorded, scaled (when `scale` and the
 * geometry changed), or refused with GEOMETRY_CHANGED at "/steps/<index>/<first coordinate>".
 */
export function guardStep(
  call: ActionCall,
  index: number,
  recorded: RecordedOn,
  live: LiveGeometry,
  scale: boolean,
): Guarded {
  const differences = geometryDifferences(recorded, live);
  if (differences.length === 0) return { ok: true, call, scaled: false };
  const uses = coordinateUses(call);
  if (uses.length === 0) return { ok: true, call, scaled: false };
  if (scale) return { ok: true, call: rescaleCall(call, recorded.screen, live.screen), scaled: true };
  const error = tactileError('GEOMETRY_CHANGED', ['steps', index], '');
  return {
    ok: false,
    error: {
      ...error,
      path: error.path + uses[0]!.path,
      message:
        `Step ${index + 1} (${call.tool}) has coordinates recorded on another screen geometry (${differences.join('; ')}); ` +
        'nothing was sent. Replay with coordinate scaling chosen, or re-record it with a semantic target.',
    },
  };
}
