// Receipts: every receipt as it completes (newest first), bounded so a long session cannot grow without end,
// and the console's own refusals — calls validation stopped before anything was sent, so main never saw them
// and wrote no receipt.
import type { ToolEnvelope } from '../../../shared/actions';
import type { Receipt } from '../../../shared/receipts';
import type { TactileError } from '../../../shared/validation';
import type { SliceCreator } from '../../app/store';

export const RECEIPTS_KEPT = 500;

export interface LocalRefusal {
  id: string;
  at: string;
  serial: string;
  envelope: ToolEnvelope;
  errors: TactileError[];
}

export interface ReceiptsSlice {
  receipts: Receipt[];
  refusals: LocalRefusal[];
  expandedReceipt: string | null;
  addReceipt(receipt: Receipt): void;
  setReceipts(receipts: Receipt[]): void;
  addRefusal(refusal: Omit<LocalRefusal, 'id' | 'at'>): void;
  toggleReceipt(id: string): void;
}

export const createReceiptsSlice: SliceCreator<ReceiptsSlice> = (set, get) => {
  let seq = 0;
  return {
    receipts: [],
    refusals: [],
    expandedReceipt: null,
    addReceipt: (receipt) => {
      if (get().receipts.some((r) => r.operation_id === receipt.operation_id)) return;
      set({ receipts: [receipt, ...get().receipts].slice(0, RECEIPTS_KEPT) });
    },
    setReceipts: (receipts) => set({ receipts: receipts.slice(0, RECEIPTS_KEPT) }),
    addRefusal: (r) => {
      const refusal = { ...r, id: `refused-${++seq}`, at: new Date().toISOString() };
      set({ refusals: [refusal, ...get().refusals].slice(0, RECEIPTS_KEPT) });
    },
    toggleReceipt: (id) => set({ expandedReceipt: get().expandedReceipt === id ? null : id }),
  };
};
