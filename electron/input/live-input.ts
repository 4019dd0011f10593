// A live input backend: one MotionEvent sent the moment it is known (the Control tool's finger follows the
// pointer), unlike an InputBackend, which receives a whole planned contact. The event is Android's own
// bookkeeping (every pointer down listed, action_index naming the one going down or up), in device pixels.
// Two backends: the mirror's scrcpy control socket (scrcpy-live.ts: a socket write per event, no answer to
// wait for) and the helper's `touch` op (helper-live.ts). DeviceSession.liveInput() chooses.
import type { ScreenSize } from '../../shared/geometry';

export type LiveAction = 'down' | 'pointer_down' | 'move' | 'pointer_up' | 'up' | 'cancel';

export interface LivePointer {
  id: number;
  x: number;
  y: number;
}

export interface LiveMotion {
  action: LiveAction;
  /** Index in `pointers` of the pointer going down or up (0 for move and cancel). */
  action_index: number;
  /** Every pointer down during this event, the one going down or up included. */
  pointers: readonly LivePointer[];
}

export interface LiveSent {
  /** Host clock (performance.now()) when the event left for the device. */
  at: number;
  /** The event's time on the device clock (uptime ms), when the backend reports it. */
  device_ms: number | null;
  /** The pointers as injected (a backend maps them exactly, or says which pixel it reached), in `pointers` order. */
  pointers: readonly LivePointer[];
}

export interface LiveInput {
  readonly kind: 'scrcpy' | 'helper';
  /** The display the positions are in (rotation applied); points outside it are refused before sending. */
  readonly screen: ScreenSize;
  /** Sends one event; rejects when the link to the device failed (the event's fate is then unknown). */
  send(event: LiveMotion, operationId: string): Promise<LiveSent>;
}
