// Receipts reach the panel as they complete (main's `receipt.completed`, from any console window); the
// journal's most recent ones are loaded once at start.
import { api } from '../../app/api';
import { useStore } from '../../app/store';

export async function startReceiptFeed(): Promise<() => void> {
  const off = api().on('receipt.completed', ({ receipt }) => useStore.getState().addReceipt(receipt));
  try {
    const { receipts } = await api().request('receipts.list', { limit: 100 });
    const known = new Set(useStore.getState().receipts.map((r) => r.operation_id));
    useStore
      .getState()
      .setReceipts([...useStore.getState().receipts, ...receipts.filter((r) => !known.has(r.operation_id)).reverse()]);
  } catch {
    // An unreadable journal leaves the live feed working; nothing to show from before.
  }
  return off;
}
