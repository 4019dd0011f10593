// Send and read back: the planned motion events of the gesture (shared/gesture's sampler over the plan
// prepareCall produced, exactly what the backend injects) beside the dispatched event times the receipt
// reports (device uptime, rebased to the first down), one timing error per event.
import { sampleMotionEvents, type DispatchPlan, type MotionAction } from '../../../shared/gesture';
import type { Receipt } from '../../../shared/receipts';

export interface ReadbackEvent {
  action: MotionAction;
  plannedMs: number;
  /** Null when the backend did not report event times. */
  dispatchedMs: number | null;
  errorMs: number | null;
}

export interface Readback {
  operationId: string;
  status: string;
  code: string | null;
  backend: string | null;
  events: ReadbackEvent[];
  /** Why there are no dispatched times, when there are none. */
  note: string | null;
  maxAbsErrorMs: number | null;
}

export function readBack(plan: DispatchPlan, receipt: Receipt): Readback {
  const planned = sampleMotionEvents(plan.pointers);
  const d = receipt.dispatch;
  const times = d?.event_times_ms ?? null;
  const base = d?.down_time_ms ?? times?.[0] ?? null;
  let note: string | null = null;
  if (!d) note = `nothing dispatched (${receipt.status}${receipt.code ? `, ${receipt.code}` : ''})`;
  else if (!times || base === null) note = `the ${d.backend} backend does not report event times`;
  else if (times.length !== planned.length) note = `${times.length} events dispatched, ${planned.length} planned`;
  let maxAbs: number | null = null;
  const events = planned.map((e, i) => {
    const t = times && base !== null && i < times.length ? times[i]! - base : null;
    const err = t === null ? null : t - e.t_ms;
    if (err !== null) maxAbs = Math.max(maxAbs ?? 0, Math.abs(err));
    return { action: e.action, plannedMs: e.t_ms, dispatchedMs: t, errorMs: err };
  });
  return {
    operationId: receipt.operation_id,
    status: receipt.status,
    code: receipt.code,
    backend: d?.backend ?? null,
    events,
    note,
    maxAbsErrorMs: maxAbs,
  };
}
