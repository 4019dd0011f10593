// The connected transport, set once at startup (renderer/main.tsx) before the app renders.
import type { TactileApi } from '../../shared/ipc';

// Module-level: the transport itself, not state (store actions call it; nothing renders from it).
let current: TactileApi | null = null;

export function setApi(api: TactileApi): void {
  current = api;
}

export function api(): TactileApi {
  if (!current) throw new Error('the IPC client is not connected yet');
  return current;
}

export function errorText(error: unknown): string {
  if (error instanceof Error)
    return 'code' in error ? `${String((error as { code: unknown }).code)}: ${error.message}` : error.message;
  return String(error);
}
