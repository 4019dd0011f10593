// Receipts: every receipt as it completes (newest first), bounded so a long session cannot grow without end.
import type { Receipt } from '../../../shared/receipts';
import type { SliceCreator } from '../../app/store';

export const RECEIPTS_KEPT = 500;

export interface ReceiptsSlice {
  receipts: Receipt[];
  expandedReceipt: string | null;
  addReceipt(receipt: Receipt): void;
  setReceipts(receipts: Receipt[]): void;
  toggleReceipt(operationId: string): void;
}

export const createReceiptsSlice: SliceCreator<ReceiptsSlice> = (set, get) => ({
  receipts: [],
  expandedReceipt: null,
  addReceipt: (receipt) => {
    if (get().receipts.some((r) => r.operation_id === receipt.operation_id)) return;
    set({ receipts: [receipt, ...get().receipts].slice(0, RECEIPTS_KEPT) });
  },
  setReceipts: (receipts) => set({ receipts: receipts.slice(0, RECEIPTS_KEPT) }),
  toggleReceipt: (id) => set({ expandedReceipt: get().expandedReceipt === id ? null : id }),
});
