export { defaultJournalDir, journalFileName, ReceiptJournal, type JournalOptions } from './journal';
export { journalFiles, readJournal, readReceipts, readRecords, type JournalLine, type JournalRead, type SkippedLine } from './journal-reader';
export { JournalTail } from './journal-tail';
export { recoverInterrupted, type RecoveryReport } from './recovery';
export { journalForm, MAX_JOURNAL_LINE_BYTES, type TreeKeeper } from './journal-form';
export { storedArgs, VALUE_CAP_BYTES, CONTAINER_CAP_BYTES, type OmittedValue } from './stored-args';
export { WriteAhead, type BeforeInput, type IntentInput, type ReceiptSink } from './write-ahead';
export type { IntentRecord, JournalRecord, ProgressRecord } from './records';
