// shared/flows: the tactile.flow/1 document (format, parse with JSON Pointer errors, migration hook, published
// JSON Schema), where calls carry coordinates, and the geometry guard replays apply.
export { FLOW_FORMAT } from './format';
export type { RecordedOn } from './format';
export { parseFlow, parseFlowText, serializeFlow, stepCall } from './parse';
export type { Flow, FlowStep } from './parse';
export { migrateFlow, type FlowMigration } from './migrate';
export { flowJsonSchema } from './json-schema';
export { coordinateUses, rescaleCall } from './coordinates';
export { geometryDifferences, guardStep, type LiveGeometry } from './guard';
export { actedOnTrees, flowFromRun, type FromRunResult } from './from-run';
