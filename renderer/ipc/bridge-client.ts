// The contract over the loopback bridge (electron/bridge): one WebSocket, requests matched to replies by id,
// events fanned out to subscribers. The token comes from the page URL the bridge printed.
import {
  BRIDGE_PATH,
  IpcError,
  decodeWire,
  encodeWire,
  type BridgeServerMessage,
  type EventChannel,
  type IpcReply,
  type RequestChannel,
  type TactileApi,
} from '../../shared/ipc';

export { BRIDGE_PATH };

export async function bridgeClient(socketUrl: string): Promise<TactileApi> {
  const socket = new WebSocket(socketUrl);
  socket.binaryType = 'arraybuffer';
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener(
      'error',
      () => reject(new Error(`cannot reach the Tactile bridge at ${socketUrl.replace(/token=[^&]*/, 'token=…')}`)),
      { once: true },
    );
  });
  let nextId = 1;
  const pending = new Map<number, { resolve(reply: IpcReply): void; reject(error: Error): void }>();
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  socket.addEventListener('message', (event: MessageEvent<string | ArrayBuffer>) => {
    const data = typeof event.data === 'string' ? event.data : new Uint8Array(event.data);
    const message = decodeWire(data) as BridgeServerMessage;
    if (message.type === 'reply') {
      pending.get(message.id)?.resolve(message.reply);
      pending.delete(message.id);
    } else {
      for (const listener of listeners.get(message.channel) ?? []) listener(message.payload);
    }
  });
  const closedError = () => new Error('the Tactile bridge closed the connection');
  socket.addEventListener('close', () => {
    for (const p of pending.values()) p.reject(closedError());
    pending.clear();
  });
  return {
    request(channel: RequestChannel, request: unknown) {
      const id = nextId++;
      return new Promise((resolve, reject) => {
        // A closing or closed WebSocket drops what it is sent without an error: the reply would never come.
        if (socket.readyState !== socket.OPEN) return reject(closedError());
        pending.set(id, {
          resolve: (reply) => (reply.ok ? resolve(reply.result as never) : reject(new IpcError(reply.error))),
          reject,
        });
        socket.send(encodeWire({ type: 'request', id, channel, payload: request }));
      });
    },
    on(channel: EventChannel, listener: (payload: never) => void) {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener as (payload: unknown) => void);
      listeners.set(channel, set);
      return () => set.delete(listener as (payload: unknown) => void);
    },
  };
}
