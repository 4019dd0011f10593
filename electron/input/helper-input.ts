// Input through the helper: the strokes become timed MotionEvents (shared/gesture's sampler) that the helper
// injects on the device clock. A refusal by Android (INJECT_PERMISSION_DENIED) withdraws inject.* for the rest
// of the helper's session (electron/helper/inject-denial.ts).
import { sampleMotionEvents, type PointerStroke } from '../../shared/gesture';
import type { HelperError } from '../../shared/helper-protocol';
import { HelperGoneError, HelperLinkError, type HelperChannel } from '../helper/helper-channel';
import {
  INJECT_DENIED_REASON,
  injectDenialFrom,
  injectDenialOf,
  injectDeniedMessage,
  recordInjectDenial,
  usableCapabilities,
} from '../helper/inject-denial';
import { requiredCapability, type DispatchOutcome, type InputBackend, type InputCapability } from './input-backend';

/** Refusals the helper answers before any event (DEVICE_BUSY: another host's input holds its input gate). */
const REFUSED_BEFORE_INPUT = new Set([
  'CAPABILITY_UNAVAILABLE',
  'CANCELLED',
  'OFF_SCREEN',
  'INVALID_ARGUMENT',
  'DEVICE_BUSY',
]);

export class HelperInput implements InputBackend {
  readonly kind = 'helper' as const;
  readonly capabilities: readonly InputCapability[];

  constructor(private readonly channel: HelperChannel) {
    const usable = usableCapabilities(channel);
    const inject = (['inject.single_pointer', 'inject.multi_pointer'] as const).filter((c) => usable.includes(c));
    // The helper injects timed MotionEvents: whatever finger it can put down, it can also keep still (any API level).
    this.capabilities = inject.includes('inject.single_pointer') ? [...inject, 'inject.hold'] : [...inject];
  }

  async dispatch(strokes: readonly PointerStroke[], operationId: string): Promise<DispatchOutcome> {
    const needed = requiredCapability(strokes);
    const denial = injectDenialOf(this.channel);
    if (denial)
      return { ok: false, uncertain: false, code: 'CAPABILITY_UNAVAILABLE', message: injectDeniedMessage(denial) };
    if (!this.capabilities.includes(needed))
      return {
        ok: false,
        uncertain: false,
        code: 'CAPABILITY_UNAVAILABLE',
        message: `the helper on API ${this.channel.info.sdk} lacks ${needed}`,
      };
    const events = sampleMotionEvents(strokes);
    // Planned times may be fractional (pinch samples); the protocol carries whole milliseconds.
    const wire = events.map((e) => ({ ...e, t_ms: Math.round(e.t_ms) }));
    const durationMs = wire[wire.length - 1]?.t_ms ?? 0;
    try {
      const reply = await this.channel.request('inject', { events: wire }, operationId, durationMs + 15_000);
      if (reply.ok) {
        return {
          ok: true,
          figures: {
            backend: 'helper',
            events: reply.result.dispatched,
            down_time_ms: reply.result.down_time_ms,
            event_times_ms: reply.result.event_times_ms,
          },
        };
      }
      return this.refused(reply.error);
    } catch (e) {
      // Gone before the request was sent (it announced its exit): nothing was injected.
      if (e instanceof HelperGoneError)
        return { ok: false, uncertain: false, code: 'CAPABILITY_UNAVAILABLE', message: e.message };
      if (e instanceof HelperLinkError)
        return { ok: false, uncertain: true, code: 'DEVICE_LOST', message: e.message, dispatched: null };
      throw e;
    }
  }

  /** The helper's refusal as a receipt can state it: not started only when no event went out. */
  private refused(error: HelperError): DispatchOutcome {
    const details = error.details;
    if (
      error.code === 'INJECT_PERMISSION_DENIED' ||
      (error.code === 'CAPABILITY_UNAVAILABLE' && details?.reason === INJECT_DENIED_REASON)
    ) {
      const denial = injectDenialFrom(details, error.message);
      recordInjectDenial(this.channel, denial);
      const message = injectDeniedMessage(denial);
      if (error.code === 'INJECT_PERMISSION_DENIED' && denial.dispatched > 0) {
        return { ok: false, uncertain: true, code: 'INJECT_PERMISSION_DENIED', message, dispatched: denial.dispatched };
      }
      return {
        ok: false,
        uncertain: false,
        code: error.code === 'INJECT_PERMISSION_DENIED' ? 'INJECT_PERMISSION_DENIED' : 'CAPABILITY_UNAVAILABLE',
        message,
      };
    }
    const dispatched = typeof details?.dispatched === 'number' ? details.dispatched : null;
    if (dispatched !== null && dispatched > 0) {
      return {
        ok: false,
        uncertain: true,
        code: error.code === 'CANCELLED' ? 'CANCELLED' : 'INTERNAL',
        message: error.message,
        dispatched,
      };
    }
    if (REFUSED_BEFORE_INPUT.has(error.code))
      return { ok: false, uncertain: false, code: error.code as 'CAPABILITY_UNAVAILABLE', message: error.message };
    // INTERNAL (a worker that died mid-gesture answers it before exiting 7) without a count: events may have gone out.
    if (dispatched === null)
      return { ok: false, uncertain: true, code: 'INTERNAL', message: error.message, dispatched: null };
    return { ok: false, uncertain: false, code: 'INTERNAL', message: error.message };
  }
}
