// The console's operations in flight, by operation id: sendAction registers each call it sends (its own UUID, so
// it can be cancelled while device.execute is still pending) and `cancelInFlight` asks main to stop them, and
// whatever holds the selected device (device.cancel). The ids live in the app store's operations slice.
import { api } from '../../app/api';
import { useStore } from '../../app/store';

/** A fresh operation id, or undefined where the page has no randomUUID (then main draws one; no Stop). */
export function newOperationId(): string | undefined {
  return typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : undefined;
}

/** Runs `send` with the operation registered as in flight. */
export async function trackOperation<T>(id: string | undefined, send: () => Promise<T>): Promise<T> {
  if (id !== undefined) useStore.getState().addOperation(id);
  try {
    return await send();
  } finally {
    if (id !== undefined) useStore.getState().removeOperation(id);
  }
}

/**
 * Asks main to stop every operation this console has in flight and the one holding `serial`'s lock, whichever
 * client started it (a CLI run, an agent); the receipts say how far each got. How many were in flight.
 */
export async function cancelInFlight(serial: string | null): Promise<number> {
  const ids = new Set(useStore.getState().operationIds);
  if (serial !== null) {
    const lock = await api()
      .request('lock.status', { serial })
      .catch(() => null);
    if (lock?.holder && (lock.state === 'held' || lock.state === 'uncertain')) ids.add(lock.holder.operation_id);
  }
  const answers = await Promise.allSettled(
    [...ids].map((operation_id) => api().request('device.cancel', { operation_id })),
  );
  return answers.filter((a) => a.status === 'fulfilled' && a.value.cancelled).length;
}
