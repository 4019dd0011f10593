// Where a native write's failure points in the CALLER's arguments. The helper answers with a JSON Pointer into
// its own request (`/value`, `/action`, `/selection_end`, `/expected_token`, `/selector/...`); the tool's
// arguments name the same fields under `base` (`/args`, `/args/steps/2/request`), except scroll's selector,
// which is the tool's `container`. Failures that are no argument's fault (TIMEOUT, READ_FAILED, a lost link,
// a cancel) point nowhere.
import type { ErrorCode } from '../../shared/errors';

const SELECTOR_CODES = new Set<ErrorCode>([
  'SELECTOR_NOT_SEMANTIC',
  'UNAVAILABLE',
  'NOT_FOUND',
  'AMBIGUOUS',
  'OCCLUDED',
]);

export function nativeErrorPath(
  base: string,
  answer: { code: ErrorCode; path?: string },
  fields: { selector: string; action: string } = { selector: 'selector', action: 'action' },
): string | null {
  const rename = (pointer: string): string => {
    if (pointer === '/selector' || pointer.startsWith('/selector/'))
      return `${base}/${fields.selector}${pointer.slice('/selector'.length)}`;
    if (pointer === '/action' || pointer === '/direction') return `${base}/${fields.action}`;
    return `${base}${pointer}`;
  };
  if (answer.path !== undefined && answer.path !== '' && answer.path !== '/') return rename(answer.path);
  if (answer.code === 'UNSUPPORTED_ACTION' || answer.code === 'CAPABILITY_UNAVAILABLE')
    return `${base}/${fields.action}`;
  if (answer.code === 'STALE') return `${base}/expected_token`;
  if (answer.code === 'INVALID_ARGUMENT') return base;
  if (SELECTOR_CODES.has(answer.code)) return `${base}/${fields.selector}`;
  return null;
}
