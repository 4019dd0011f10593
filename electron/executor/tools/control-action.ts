// control_action: read first (control_before; STALE against expected_token); with ensure_state, skip when
// the state already holds; otherwise one native write (the helper re-checks token, support and OCCLUDED
// right before it acts), then read-only polling for verify_timeout_ms. Never a coordinate fallback, never a
// second write: a failed verification keeps the completed input.
import type { SequenceControlRequest } from '../../../shared/actions';
import { holds } from '../conditions';
import type { ExecContext } from '../context';
import { readControl } from '../controls';
import { nativeWrite } from '../dispatch';
import { nativeErrorPath } from '../native-error-path';
import { outcome, type Outcome } from '../outcome';
import { pollControl } from '../poll-control';

const VERIFY_POLL_MS = 100;

export async function controlAction(ctx: ExecContext, req: SequenceControlRequest, base = '/args'): Promise<Outcome> {
  const before = await readControl(ctx, req.selector);
  if (!before.ok) return outcome('not_started', before.code, before.message, `${base}/selector`);
  const control_before = before.value;
  if (req.expected_token !== null && req.expected_token !== control_before.token) {
    return {
      ...outcome(
        'not_started',
        'STALE',
        'the control changed since it was read (identity, text or position): observe again',
        `${base}/expected_token`,
      ),
      control_before,
    };
  }
  const want = req.ensure_state;
  const satisfied = want ? holds(want, control_before) : false;
  if (want && satisfied) {
    return {
      ...outcome('observed'),
      control_before,
      control: control_before,
      ensure_state: { state: want.state, satisfied_before: true, acted: false, verified: null },
    };
  }
  const written = await nativeWrite(ctx, 'control_action', {
    selector: req.selector,
    action: req.action,
    value: req.value,
    text: req.text,
    selection_start: req.selection_start,
    selection_end: req.selection_end,
    expected_token: req.expected_token,
  });
  const acted = written.status === 'completed' || written.status === 'unknown';
  const ensure = want
    ? { state: want.state, satisfied_before: false, acted, verified: null as boolean | null }
    : undefined;
  if (!written.answer.ok) {
    // Performed (or maybe performed) and then a failure: the input stands, no argument was at fault.
    const path = written.status === 'not_started' ? nativeErrorPath(base, written.answer) : null;
    return {
      ...outcome(written.status, written.answer.code, written.answer.message, path),
      control_before,
      ...(ensure && { ensure_state: ensure }),
    };
  }
  const after = written.answer.result.reading;
  if (!want) return { ...outcome('completed'), control_before, control: after };
  const verified = await pollControl(ctx, {
    ...want,
    selector: req.selector,
    stable_ms: 0,
    timeout_ms: req.verify_timeout_ms,
    poll_interval_ms: VERIFY_POLL_MS,
  });
  const control = verified.reading ?? after;
  if (verified.ok)
    return {
      ...outcome('completed'),
      control_before,
      control,
      ensure_state: { ...ensure!, verified: true },
      check: verified.check,
    };
  // A clean reading that misses the state is verified=false with no code; a read that kept failing keeps its code.
  const code = verified.code === 'TIMEOUT' && verified.lastError === null ? null : verified.code;
  return {
    ...outcome('completed', code, code ? verified.message : null),
    control_before,
    control,
    ensure_state: { ...ensure!, verified: false },
    check: verified.check,
  };
}
