// Pushes, installs and pulls in progress and just finished, from main's `transfer.progress` events plus what
// the renderer knows (file name, direction). One row per transfer id.
import { create } from 'zustand';
import type { EventOf } from '../../../shared/ipc';

export interface TransferRow {
  id: string;
  name: string;
  direction: 'push' | 'pull' | 'install';
  phase: EventOf<'transfer.progress'>['phase'] | 'queued';
  done: number;
  total: number;
  message: string | null;
  /** Cancel was asked for: the row ends when main says the partial file is gone ('cancelled'). */
  cancelling?: boolean;
}

interface TransfersState {
  rows: TransferRow[];
  add(row: TransferRow): void;
  update(id: string, patch: Partial<TransferRow>): void;
  clearFinished(): void;
}

export const useTransfers = create<TransfersState>((set) => ({
  rows: [],
  add: (row) => set((s) => ({ rows: [...s.rows.filter((r) => r.id !== row.id), row] })),
  update: (id, patch) => set((s) => ({ rows: s.rows.map((r) => (r.id === id ? { ...r, ...patch } : r)) })),
  clearFinished: () => set((s) => ({ rows: s.rows.filter((r) => !['done', 'cancelled', 'failed'].includes(r.phase)) })),
}));

/** Progress events from main; a finished row keeps its final state. */
export function onTransferProgress(p: EventOf<'transfer.progress'>): void {
  const row = useTransfers.getState().rows.find((r) => r.id === p.transfer_id);
  if (!row || ['done', 'cancelled', 'failed'].includes(row.phase)) return;
  const message = p.phase === 'cancelled' ? 'cancelled: nothing left on the device' : p.message;
  useTransfers.getState().update(p.transfer_id, { phase: p.phase, done: p.done, total: p.total, message });
}

export const percent = (r: TransferRow): number =>
  r.total > 0 ? Math.round((100 * r.done) / r.total) : r.phase === 'done' ? 100 : 0;
