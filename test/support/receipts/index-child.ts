// A process that appends receipts and refreshes the journal index after each one, as a console and a CLI do at
// the same time: index-child DIR WRITER COUNT START_AT_MS. Prints how many entries its index saw at the end.
import { JournalIndex } from '../../../electron/receipts/journal-index';
import { ReceiptJournal } from '../../../electron/receipts/journal';
import { sampleReceipt } from './sample-receipt';

const [dir, writer, count, startAt] = process.argv.slice(2);
while (Date.now() < Number(startAt)) {
  // spin until the shared start time so every writer appends and indexes at the same moment
}
const journal = new ReceiptJournal({ dir: dir as string });
const index = new JournalIndex(dir as string);
for (let i = 0; i < Number(count); i++) {
  journal.append({ ...sampleReceipt(`${writer}-${i}`, 600), run_id: `cli-${writer}` });
  index.entries();
}
process.stdout.write(JSON.stringify({ seen: index.entries().length }) + '\n');
