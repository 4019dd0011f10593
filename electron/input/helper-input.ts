// Input through the helper: the strokes become timed MotionEvents (shared/gesture's sampler) that the helper
// injects on the device clock.
import { sampleMotionEvents, type PointerStroke } from '../../shared/gesture';
import { HelperLinkError, type HelperChannel } from '../helper/helper-channel';
import { requiredCapability, type DispatchOutcome, type InputBackend, type InputCapability } from './input-backend';

export class HelperInput implements InputBackend {
  readonly kind = 'helper' as const;
  readonly capabilities: readonly InputCapability[];

  constructor(private readonly channel: HelperChannel) {
    this.capabilities = channel.info.capabilities.filter((c): c is InputCapability => c === 'inject.single_pointer' || c === 'inject.multi_pointer');
  }

  async dispatch(strokes: readonly PointerStroke[], operationId: string): Promise<DispatchOutcome> {
    const needed = requiredCapability(strokes);
    if (!this.capabilities.includes(needed)) return { ok: false, uncertain: false, code: 'CAPABILITY_UNAVAILABLE', message: `the helper on API ${this.channel.info.sdk} lacks ${needed}` };
    const events = sampleMotionEvents(strokes);
    // Planned times may be fractional (pinch samples); the protocol carries whole milliseconds.
    const wire = events.map((e) => ({ ...e, t_ms: Math.round(e.t_ms) }));
    const durationMs = wire[wire.length - 1]?.t_ms ?? 0;
    try {
      const reply = await this.channel.request('inject', { events: wire }, operationId, durationMs + 15_000);
      if (reply.ok) {
        return { ok: true, figures: { backend: 'helper', events: reply.result.dispatched, down_time_ms: reply.result.down_time_ms, event_times_ms: reply.result.event_times_ms } };
      }
      const dispatched = typeof reply.error.details?.dispatched === 'number' ? reply.error.details.dispatched : 0;
      if (dispatched > 0) {
        const code = reply.error.code === 'CANCELLED' ? 'CANCELLED' : 'INTERNAL';
        return { ok: false, uncertain: true, code, message: reply.error.message, dispatched };
      }
      const code = reply.error.code === 'CAPABILITY_UNAVAILABLE' || reply.error.code === 'CANCELLED' || reply.error.code === 'OFF_SCREEN' || reply.error.code === 'INVALID_ARGUMENT' ? reply.error.code : 'INTERNAL';
      return { ok: false, uncertain: false, code, message: reply.error.message };
    } catch (e) {
      if (e instanceof HelperLinkError) return { ok: false, uncertain: true, code: 'DEVICE_LOST', message: e.message, dispatched: null };
      throw e;
    }
  }
}
