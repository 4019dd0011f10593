// Main-process events of the IPC contract, fanned out to every attached transport (Electron window, bridge sockets).
import { EventEmitter } from 'node:events';
import type { EventChannel, EventOf } from '../../shared/ipc';

export type AnyEventListener = (channel: EventChannel, payload: unknown) => void;

export class EventHub {
  private readonly emitter = new EventEmitter();

  constructor() {
    // Every bridge socket and window subscribes once; the default cap of 10 is a leak warning, not a limit here.
    this.emitter.setMaxListeners(0);
  }

  emit<E extends EventChannel>(channel: E, payload: EventOf<E>): void {
    this.emitter.emit('event', channel, payload);
  }

  /** Subscribes to every event; returns the unsubscribe function. */
  onAny(listener: AnyEventListener): () => void {
    this.emitter.on('event', listener);
    return () => this.emitter.off('event', listener);
  }
}
