// shared/flows: the tactile.flow/1 document (format, parse with JSON Pointer errors, migration hook, published
// JSON Schema), where calls carry coordinates, and the geometry guard replays apply.
export { FLOW_FORMAT, MAX_FLOW_STEPS, MAX_FLOW_TEXT, RecordedOnSchema, FlowExpectationSchema, FlowShapeSchema, FlowStepShapeSchema } from './format';
export type { RecordedOn, FlowExpectation } from './format';
export { FLOW_LIMITS, parseFlow, parseFlowText, serializeFlow, stepCall } from './parse';
export type { Flow, FlowStep, FlowParseOptions, FlowParseResult } from './parse';
export { FLOW_MIGRATIONS, migrateFlow, type FlowMigration, type Migrated } from './migrate';
export { flowJsonSchema } from './json-schema';
export { coordinateUses, rescaleCall, type CoordinateUse } from './coordinates';
export { geometryDifferences, guardStep, type Guarded, type LiveGeometry } from './guard';
export { actedOnTrees, flowFromRun, type FlowDraft, type FromRunResult, type KeptStep, type LeftOut, type RunStep } from './from-run';
