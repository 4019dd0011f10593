// A valid receipt for journal tests; `padding` makes lines long enough to span several pages when needed.
import type { Receipt } from '../../../shared/receipts/receipt';

export function sampleReceipt(operationId: string, padding = 0): Receipt {
  return {
    receipt_version: 1,
    operation_id: operationId,
    tool: 'click',
    device_serial: 'emulator-5554',
    owner: { pid: process.pid, hostname: 'test-host', client: 'test' },
    started_at: '2026-11-30T01:00:00.000Z',
    finished_at: '2026-11-30T01:00:00.120Z',
    duration_ms: 120,
    args: { target: [500, 500], note: 'x'.repeat(padding) },
    status: 'completed',
    code: null,
    message: null,
    path: null,
    completed_taps: 1,
  };
}
