// wait_until (tool and sequence member): bounded read-only polling of one unique control.
import type { WaitUntilStep } from '../../../shared/actions';
import type { ExecContext } from '../context';
import { outcome, type Outcome } from '../outcome';
import { pollControl } from '../poll-control';

export async function waitUntil(
  ctx: ExecContext,
  args: Omit<WaitUntilStep, 'action'>,
  base = '/args',
): Promise<Outcome> {
  const r = await pollControl(ctx, args);
  const control = { ...(r.reading && { control: r.reading }), check: r.check };
  if (r.ok) return { ...outcome('observed'), ...control };
  const path = r.code === 'TIMEOUT' ? null : `${base}/selector`;
  return { ...outcome(r.code === 'CANCELLED' ? 'cancelled' : 'observed', r.code, r.message, path), ...control };
}
