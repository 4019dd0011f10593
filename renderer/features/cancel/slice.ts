// The console's operations in flight, by operation id (operations.ts registers each call it sends), for Stop
// and Esc.
import type { SliceCreator } from '../../app/store';

export interface OperationsSlice {
  operationIds: string[];
  addOperation(id: string): void;
  removeOperation(id: string): void;
}

export const createOperationsSlice: SliceCreator<OperationsSlice> = (set, get) => ({
  operationIds: [],
  addOperation: (id) => set({ operationIds: [...get().operationIds, id] }),
  removeOperation: (id) => set({ operationIds: get().operationIds.filter((x) => x !== id) }),
});
