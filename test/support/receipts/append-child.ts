// A second process appending to the same journal: append-child DIR WRITER COUNT PADDING START_AT_MS
import { ReceiptJournal } from '../../../electron/receipts/journal';
import { sampleReceipt } from './sample-receipt';

const [dir, writer, count, padding, startAt] = process.argv.slice(2);
while (Date.now() < Number(startAt)) {
  // spin until the shared start time so both writers append at the same moment
}
const journal = new ReceiptJournal({ dir: dir as string });
for (let i = 0; i < Number(count); i++) journal.append(sampleReceipt(`${writer}-${i}`, Number(padding)));
