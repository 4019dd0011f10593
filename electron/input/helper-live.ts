// Live input through the helper's `touch` op (PROTOCOL.md §4): each MotionEvent is one request, injected by the
// helper the moment it arrives and stamped with the device clock, which the answer reports. The fallback when
// no mirror stream runs (a phone without the scrcpy server): one round trip per event where scrcpy needs only
// a socket write (bench:live-touch). The helper lifts a contact whose host went away, or whose operation was
// cancelled, with ACTION_CANCEL. A refusal or a lost link rejects: the event's fate is left unknown.
import type { ScreenSize } from '../../shared/geometry';
import { recordInjectDenial, injectDenialFrom } from '../helper/inject-denial';
import type { HelperChannel } from '../helper/helper-channel';
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
    const reply = await this.channel.request('touch', { action: event.action, action_index: event.action_index, pointers }, operationId, EVENT_TIMEOUT_MS);
    if (!reply.ok) {
      const { code, message, details } = reply.error;
      if (code === 'INJECT_PERMISSION_DENIED') recordInjectDenial(this.channel, injectDenialFrom(details, message));
      throw Object.assign(new Error(`the helper refused the ${event.action}: ${code} ${message}`), { code: code === 'INJECT_PERMISSION_DENIED' ? code : 'INTERNAL' });
    }
    return { at: performance.now(), device_ms: reply.result.event_time_ms, pointers };
  }
}
