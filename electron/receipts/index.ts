export { defaultJournalDir, ReceiptJournal } from './journal';
export { readReceipts, readRecords } from './journal-reader';
export { JournalTail } from './journal-tail';
export { journalForm } from './journal-form';
