// Reading a chosen file of foreign receipts into the debugger (validation is shared/receipts/foreign's).
import { importForeignReceipts, MAX_IMPORT_BYTES } from '../../../shared/receipts/foreign';
import { useDebugger } from './debugger-store';

export async function importFile(file: File): Promise<void> {
  if (file.size > MAX_IMPORT_BYTES) {
    useDebugger.getState().setImported({
      name: file.name,
      steps: [],
      errors: [{ line: 0, path: '', message: `${file.name} is larger than ${MAX_IMPORT_BYTES} bytes` }],
    });
    return;
  }
  const result = importForeignReceipts(await file.text());
  useDebugger.getState().setImported({ name: file.name, steps: result.steps, errors: result.errors });
}
