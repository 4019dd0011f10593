// Picks the transport at startup: Electron's preload when present, otherwise the bridge named by the page URL.
import type { TactileApi } from '../../shared/ipc';
import { BRIDGE_PATH, bridgeClient } from './bridge-client';
import { electronClient, preloadApi } from './electron-client';

export async function connectApi(location: { protocol: string; host: string; search: string }): Promise<TactileApi> {
  const preload = preloadApi();
  if (preload) return electronClient(preload);
  const token = new URLSearchParams(location.search).get('token');
  if (!token) throw new Error('This page needs the bridge token: open the URL that `npm run start:web` printed.');
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return bridgeClient(`${scheme}//${location.host}${BRIDGE_PATH}?token=${encodeURIComponent(token)}`);
}
