// The object the preload exposes as `window.api`: one named function per contract channel and nothing else.
// Requests go to `tactile:<channel>` through ipcRenderer.invoke; events come back as listener functions that
// receive only the payload (never the IpcRendererEvent, which would leak `sender`).
import type { IpcRenderer, IpcRendererEvent } from 'electron';
import {
  EVENT_CHANNELS,
  IPC_PREFIX,
  REQUEST_CHANNELS,
  eventFunctionName,
  requestFunctionName,
} from '../../shared/ipc/channels';

export type ExposedApi = Record<string, (...args: never[]) => unknown>;

export function buildApiSurface(ipcRenderer: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>): ExposedApi {
  const api: ExposedApi = {};
  for (const channel of REQUEST_CHANNELS) {
    api[requestFunctionName(channel)] = (request: unknown) => ipcRenderer.invoke(IPC_PREFIX + channel, request);
  }
  for (const channel of EVENT_CHANNELS) {
    api[eventFunctionName(channel)] = (listener: (payload: unknown) => void) => {
      if (typeof listener !== 'function')
        throw new TypeError(`${eventFunctionName(channel)} needs a listener function`);
      const wrapped = (_event: IpcRendererEvent, payload: unknown) => listener(payload);
      ipcRenderer.on(IPC_PREFIX + channel, wrapped);
      return () => ipcRenderer.removeListener(IPC_PREFIX + channel, wrapped);
    };
  }
  return Object.freeze(api);
}
