// Live input over the mirror's scrcpy control socket: each MotionEvent is one INJECT_TOUCH_EVENT per pointer
// it concerns (scrcpy's protocol moves one pointer per message; the server keeps the others where they are),
// written at once. Nothing comes back per event, so an event costs a socket write; the server injects it on
// arrival. Positions are video pixels: exact when the video is at the device's size, else the video pixel
// whose mapping (trunc(v × screen / video)) reaches the device pixel, or the nearest one, and the device
// pixel it does reach is what is reported as injected.
import type { ScreenSize } from '../../shared/geometry';
import type { ControlChannel, TouchAction } from '../scrcpy/control-channel';
import type { LiveInput, LiveMotion, LivePointer, LiveSent } from './live-input';
import { videoPixelFor } from './scrcpy-input';

/** The video pixel used for device pixel `d` and the device pixel scrcpy maps it back to. */
export function reachablePixel(d: number, video: number, screen: number): { video: number; device: number } {
  const exact = videoPixelFor(d, video, screen);
  if (exact !== null) return { video: exact, device: d };
  const v = Math.min(video - 1, Math.round((d * video) / screen));
  return { video: v, device: Math.trunc((v * screen) / video) };
}

export class ScrcpyLiveInput implements LiveInput {
  readonly kind = 'scrcpy' as const;

  constructor(
    private readonly control: ControlChannel,
    private readonly videoSize: () => { width: number; height: number },
    readonly screen: ScreenSize,
  ) {}

  async send(event: LiveMotion): Promise<LiveSent> {
    const video = this.videoSize();
    const mapped = event.pointers.map((p) => {
      const x = reachablePixel(p.x, video.width, this.screen.width);
      const y = reachablePixel(p.y, video.height, this.screen.height);
      return {
        wire: { pointerId: p.id, x: x.video, y: y.video },
        injected: { id: p.id, x: x.device, y: y.device } satisfies LivePointer,
      };
    });
    const touch = (action: TouchAction, i: number) => this.control.touch(action, mapped[i]!.wire);
    switch (event.action) {
      case 'down':
      case 'pointer_down':
        await touch('down', event.action_index);
        break;
      case 'up':
      case 'pointer_up':
        await touch('up', event.action_index);
        break;
      case 'cancel':
        // scrcpy's PointersState ends every pointer with one ACTION_CANCEL.
        await touch('cancel', 0);
        break;
      case 'move':
        // Written back to back (the channel keeps its writes in order), not one round of the event loop each.
        await Promise.all(mapped.map((_, i) => touch('move', i)));
        break;
    }
    return { at: performance.now(), device_ms: null, pointers: mapped.map((m) => m.injected) };
  }
}
