export { defaultJournalDir, journalFileName, ReceiptJournal, type JournalOptions } from './journal';
export { journalFiles, readJournal, readReceipts, type JournalLine, type JournalRead, type SkippedLine } from './journal-reader';
