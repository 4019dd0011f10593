// shared/receipts/foreign: the records the receipt debugger imports, and the one timeline step they all become.
export { importForeignReceipts, MAX_IMPORT_BYTES, type ImportError } from './import';
export { readSectionFacts, stepFacts } from './step-words';
export { stepFromReceipt, type TimelineStep } from './timeline-step';
export { stepPlan, withTreeTarget } from './step-plan';
