// shared/evidence: the evidence model (screens and trees kept per operation), the journal index's page and run
// shapes, and the pure tree diff.
export * from './schemas';
export * from './tree-diff';
export { helperTree } from './helper-tree';
export { evidenceState, noScreenWords, type EvidenceState } from './evidence-state';
