// Re-running one step on the live device: the step's {tool, args} (the validated arguments with defaults filled,
// as the receipt recorded them) through `device.execute`, so it goes through the same executor, lock and
// receipts as everything else; its new receipt joins the journal's timeline. Only Tactile tools can be re-run.
// The flows' geometry guard applies: a step whose coordinates were recorded on another screen size or rotation is
// refused (GEOMETRY_CHANGED, nothing sent) unless the owner chooses to scale them to the live screen.
import { isToolName, type ActionCall, type ToolEnvelope } from '../../../shared/actions';
import type { TactileError } from '../../../shared/errors';
import { guardStep, type LiveGeometry } from '../../../shared/flows';
import type { ScreenSize } from '../../../shared/geometry';
import type { TimelineStep } from '../../../shared/receipts/foreign';
import type { Receipt } from '../../../shared/receipts';
import { api } from '../../app/api';

export function stepCall(step: TimelineStep): ToolEnvelope | null {
  const r = step.receipt;
  if (!r || !isToolName(r.tool) || typeof r.args !== 'object' || r.args === null || Array.isArray(r.args)) return null;
  return { tool: r.tool, args: r.args as Record<string, unknown> };
}

/** The geometry a step was recorded on: its stored tree's screen and rotation, else the size its device reported. */
export interface StepGeometry {
  screen: ScreenSize;
  rotation: number | null;
}

export type GuardedRerun = { ok: true; call: ToolEnvelope; scaled: boolean } | { ok: false; error: TactileError };

/**
 * The call to send on the live device: as recorded, scaled when asked and the geometry changed, or refused.
 * Unknown recorded geometry (a step without evidence) is taken as unchanged; receipts record no density, so
 * only the screen size and rotation are compared.
 */
export function guardRerun(
  call: ToolEnvelope,
  recorded: StepGeometry | null,
  live: LiveGeometry,
  scale: boolean,
): GuardedRerun {
  if (!recorded) return { ok: true, call, scaled: false };
  const on = {
    screen: recorded.screen,
    rotation: (recorded.rotation ?? live.rotation) as 0 | 1 | 2 | 3,
    density: live.density,
    sdk: 1,
    packages: {},
  };
  // Receipt args are the parsed call (defaults filled), the shape guardStep reads.
  const guarded = guardStep(call as ActionCall, 0, on, live, scale);
  if (!guarded.ok) {
    // guardStep names a flow's step; here it is the call itself.
    return {
      ok: false,
      error: {
        ...guarded.error,
        path: guarded.error.path.replace(/^\/steps\/0/, ''),
        message: guarded.error.message.replace(/^Step 1 /, 'This step '),
      },
    };
  }
  return { ok: true, call: guarded.call as ToolEnvelope, scaled: guarded.scaled };
}

export async function rerunStep(call: ToolEnvelope, serial: string): Promise<Receipt> {
  const { receipt } = await api().request('device.execute', { serial, envelope: call });
  return receipt;
}
