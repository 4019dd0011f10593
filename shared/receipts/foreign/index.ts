// shared/receipts/foreign: the records the receipt debugger imports, and the one timeline step they all become.
export { importForeignReceipts, MAX_IMPORT_BYTES, type ImportError, type ImportResult } from './import';
export { SEED000_ACTION_CODES, Seed000ActionResultSchema, Seed004EnvelopeSchema, type Seed000ActionResult, type Seed004Envelope } from './schemas';
export { readSectionFacts, stepFacts } from './step-words';
export { stepFromActionResult, stepFromReceipt, stepFromSeed004, type StepOrigin, type TimelineStep } from './timeline-step';
export { stepPlan, withTreeTarget } from './step-plan';
