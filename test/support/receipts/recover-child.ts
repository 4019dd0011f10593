// A process running recovery at a shared start time: recover-child JOURNAL_DIR START_AT_MS → prints the report.
import { ReceiptJournal } from '../../../electron/receipts/journal';
import { recoverInterrupted } from '../../../electron/receipts/recovery';

const [dir, startAt] = process.argv.slice(2);
while (Date.now() < Number(startAt)) {
  // spin until the shared start time so the recoverers race
}
const report = recoverInterrupted(new ReceiptJournal({ dir: dir as string }));
process.stdout.write(
  JSON.stringify({ recovered: report.recovered.map((r) => r.operation_id), live: report.live }) + '\n',
);
