// Registers exactly the contract's request channels with ipcMain, each through the shared dispatcher (which
// refuses what does not parse), and forwards the contract's events to a window. Requests from any frame other
// than the app's own are refused.
import type { IpcMain, WebContents } from 'electron';
import { IPC_PREFIX, REQUEST_CHANNELS, tactileErrorReply, type Dispatch } from '../../shared/ipc';
import type { EventHub } from '../services/event-hub';
import { isAppUrl } from './security';

export function registerIpc(ipcMain: IpcMain, dispatch: Dispatch, appOrigin: string): string[] {
  const names: string[] = [];
  for (const channel of REQUEST_CHANNELS) {
    const name = IPC_PREFIX + channel;
    ipcMain.handle(name, (event, payload: unknown) => {
      const from = event.senderFrame?.url ?? '';
      if (!isAppUrl(from, appOrigin))
        return tactileErrorReply('INVALID_ARGUMENT', `requests from ${from || 'an unknown frame'} are refused`);
      return dispatch(channel, payload);
    });
    names.push(name);
  }
  return names;
}

export function forwardEvents(events: EventHub, contents: WebContents): () => void {
  const unsubscribe = events.onAny((channel, payload) => {
    if (!contents.isDestroyed()) contents.send(IPC_PREFIX + channel, payload);
  });
  contents.once('destroyed', unsubscribe);
  return unsubscribe;
}
