// What an approval request would dispatch on the selected device, from its one preparation (prepared-request.ts:
// prepareCall, the step the executor runs before input): the pointer paths in device pixels, or the refusal it would meet.
import type { ApprovalRequest } from '../../../shared/approvals';
import type { DispatchPlan } from '../../../shared/gesture';
import { preparedRequest } from './prepared-request';

export interface PlanPreview {
  ok: boolean;
  text: string;
}

function paths(plan: DispatchPlan): string {
  if (plan.target) return `resolves ${plan.target.resource_id} on the live screen`;
  const strokes = [plan, ...(plan.members ?? [])].flatMap((p) => p.pointers);
  if (strokes.length === 0) return 'no touch input';
  const shown = strokes.slice(0, 4).map((s) => {
    const first = s.keyframes[0]!;
    const last = s.keyframes[s.keyframes.length - 1]!;
    return first.x === last.x && first.y === last.y
      ? `(${first.x},${first.y}) ${last.t_ms} ms`
      : `(${first.x},${first.y})→(${last.x},${last.y}) ${last.t_ms} ms`;
  });
  return `${strokes.length} pointer path${strokes.length > 1 ? 's' : ''} in device px: ${shown.join('; ')}${strokes.length > 4 ? '; …' : ''}`;
}

/** null when the request is for another device or the screen is not known yet. */
export function planPreview(
  r: ApprovalRequest,
  serial: string | null,
  screen: { width: number; height: number } | undefined,
  capabilities: readonly string[] | null,
): PlanPreview | null {
  if (serial !== r.serial || !screen) return null;
  const prepared = preparedRequest(r, screen, capabilities);
  if (!prepared.ok) {
    const e = prepared.issues[0]!;
    return { ok: false, text: `would be refused: ${e.code} at ${e.path || '/'}: ${e.message}` };
  }
  return { ok: true, text: paths(prepared.plan) };
}
