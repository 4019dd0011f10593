// Live input through the helper's `touch` op (PROTOCOL.md §4): each MotionEvent is one request, injected by the
// helper the moment it arrives and stamped with the device clock, which the answer reports. The fallback when
// no mirror stream runs (a phone without the scrcpy server): one round trip per event where scrcpy needs only
// a socket write (bench:live-touch). The helper lifts a contact whose host went away, or whose operation was
// cancelled, with ACTION_CANCEL. A refusal or a lost link rejects: the event's fate is left unknown.
import type { ScreenSize } from '../../shared/geometry';
import { recordInjectDenial, injectDenialFrom } from '../helper/inject-denial';
import { HelperGoneError, HelperLinkError, type HelperChannel } from '../helper/helper-channel';
import type { LiveInput, LiveMotion, LiveSent } from './live-input';

/** An event is injected at once: an answer this late means the helper is stuck (the link is dropped). */
const EVENT_TIMEOUT_MS = 10_000;

export class HelperLiveInput implements LiveInput {
  readonly kind = 'helper' as const;

  constructor(
    private readonly channel: HelperChannel,
    readonly screen: ScreenSize,
  ) {}

  async send(event: LiveMotion, operationId: string): Promise<LiveSent> {
    const pointers = event.pointers.map((p) => ({ id: p.id, x: p.x, y: p.y }));
    let reply;
    try {
      reply = await this.channel.request(
        'touch',
        { action: event.action, action_index: event.action_index, pointers },
        operationId,
        EVENT_TIMEOUT_MS,
      );
    } catch (e) {
      // The helper's link closed under a contact (it lifts the contact itself): for the contact that is the link
      // to the device failing, whatever the channel says about this one unsent event.
      if (e instanceof HelperGoneError) throw new HelperLinkError(`the helper link is gone: ${e.message}`);
      throw e;
    }
    if (!reply.ok) {
      const { code, message, details } = reply.error;
      if (code === 'INJECT_PERMISSION_DENIED') recordInjectDenial(this.channel, injectDenialFrom(details, message));
      // DEVICE_BUSY: the helper's input gate (another host's input runs), nothing injected.
      const kept = code === 'INJECT_PERMISSION_DENIED' || code === 'DEVICE_BUSY';
      throw Object.assign(new Error(`the helper refused the ${event.action}: ${code} ${message}`), {
        code: kept ? code : 'INTERNAL',
      });
    }
    return { at: performance.now(), device_ms: reply.result.event_time_ms, pointers };
  }
}
