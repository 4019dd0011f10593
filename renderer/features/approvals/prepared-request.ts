// An approval request prepared once per device state: the card's plan in words (plan-preview.ts) and the plan
// on the stage (approval-stage-plan.ts) read the same preparation — prepareCall, the step the executor runs
// before input — instead of each preparing the request again (the card re-renders every second for its clock).
import type { ApprovalRequest } from '../../../shared/approvals';
import { prepareCall, type Prepared } from '../../../shared/prepare';

// Module-level on purpose: a cache keyed by the request object itself (requests are replaced, never mutated,
// when main announces a change), so it holds nothing once a request is gone.
const cache = new WeakMap<ApprovalRequest, { key: string; prepared: Prepared }>();

export function preparedRequest(
  r: ApprovalRequest,
  screen: { width: number; height: number },
  capabilities: readonly string[] | null,
): Prepared {
  const key = `${screen.width}x${screen.height}|${capabilities?.join(',') ?? '-'}`;
  const hit = cache.get(r);
  if (hit?.key === key) return hit.prepared;
  const prepared = prepareCall({ tool: r.tool, args: r.args }, screen, capabilities);
  cache.set(r, { key, prepared });
  return prepared;
}
