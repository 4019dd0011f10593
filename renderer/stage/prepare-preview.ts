// The one place the stage turns a pending call into what it would dispatch: `prepareCall` (shared/prepare), the
// very step the executor runs before input, against the screen and the device's capabilities; its plan is
// flattened to device-pixel pointer paths for the preview layer.
import type { ScreenSize } from '../../shared/geometry';
import type { DispatchPlan, PointerStroke } from '../../shared/gesture';
import type { TactileError } from '../../shared/errors';
import { prepareCall } from '../../shared/prepare';
import type { Envelope } from '../features/manual-control/envelopes';

export type Preview =
  { ok: true; tool: string; pointers: PointerStroke[] } | { ok: false; tool: string; issues: TactileError[] };

function strokesOf(plan: DispatchPlan): PointerStroke[] {
  return [...plan.pointers, ...(plan.members ?? []).flatMap(strokesOf)];
}

export function preparePreview(
  envelope: Envelope,
  screen: ScreenSize,
  capabilities: readonly string[] | null = null,
): Preview {
  const prepared = prepareCall(envelope, screen, capabilities);
  if (!prepared.ok) return { ok: false, tool: envelope.tool, issues: prepared.issues };
  return { ok: true, tool: envelope.tool, pointers: strokesOf(prepared.plan) };
}
