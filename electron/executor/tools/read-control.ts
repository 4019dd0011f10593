// read_control: one read of one unique native control (range, actions, selection, flags, token, signature).
import type { ToolArgs } from '../../../shared/actions';
import type { ExecContext } from '../context';
import { readControl as read } from '../controls';
import { outcome, type Outcome } from '../outcome';

export async function readControl(ctx: ExecContext, args: ToolArgs<'read_control'>): Promise<Outcome> {
  const r = await read(ctx, args.selector);
  if (!r.ok) return outcome('observed', r.code, r.message, '/args/selector');
  return { ...outcome('observed'), control: r.value };
}
