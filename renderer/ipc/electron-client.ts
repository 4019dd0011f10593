// The contract over Electron's preload: `window.api` holds one named function per channel (electron/preload).
import {
  EVENT_CHANNELS,
  IpcError,
  eventFunctionName,
  requestFunctionName,
  type EventChannel,
  type IpcReply,
  type RequestChannel,
  type TactileApi,
} from '../../shared/ipc';

type PreloadApi = Record<string, (arg: unknown) => unknown>;

export function preloadApi(): PreloadApi | null {
  const api = (globalThis as { api?: unknown }).api;
  return typeof api === 'object' && api !== null ? (api as PreloadApi) : null;
}

export function electronClient(api: PreloadApi): TactileApi {
  return {
    async request(channel: RequestChannel, request: unknown) {
      const reply = (await api[requestFunctionName(channel)]!(request)) as IpcReply;
      if (!reply.ok) throw new IpcError(reply.error);
      return reply.result as never;
    },
    on(channel: EventChannel, listener: (payload: never) => void) {
      if (!EVENT_CHANNELS.includes(channel)) throw new TypeError(`unknown event channel ${channel}`);
      return api[eventFunctionName(channel)]!(listener) as () => void;
    },
  };
}
