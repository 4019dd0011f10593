// require_visible: the observed panel id must be live and visible before any input of the member.
import type { ExecContext } from './context';
import { idVisible } from './controls';
import { refused, type Outcome } from './outcome';

export async function requireVisible(
  ctx: ExecContext,
  resourceId: string | null,
  path: string,
): Promise<Outcome | null> {
  if (resourceId === null) return null;
  const seen = await idVisible(ctx, resourceId);
  if (!seen.ok) return refused(seen.code, seen.message, path);
  return seen.value ? null : refused('NOT_FOUND', `${resourceId} is not visible now`, path);
}
