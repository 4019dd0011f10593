// The renderer's view of main, whichever transport carries it (window.api in Electron, the bridge in a browser).
import type { EventChannel, RequestChannel } from './channels';
import type { EventOf, RequestOf, ResponseOf } from './contract';

export type EventListener<E extends EventChannel> = (payload: EventOf<E>) => void;

export interface TactileApi {
  /** Resolves with the response, or rejects with an IpcError carrying the stable code. */
  request<C extends RequestChannel>(channel: C, request: RequestOf<C>): Promise<ResponseOf<C>>;
  /** Subscribes to an event channel; returns the unsubscribe function. */
  on<E extends EventChannel>(channel: E, listener: EventListener<E>): () => void;
}
