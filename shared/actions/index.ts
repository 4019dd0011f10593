// Public surface of the canonical action model (seed 000) and its agent dialect (seed 001).
export { TOOL_NAMES, ALL_TOOL_NAMES, isToolName, isSeed000Tool, toolSchemas, allToolSchemas } from './registry';
export type { ToolName, AnyToolName, ToolArgs, ActionCall } from './registry';
export { VERIFY_TOOL_NAMES } from './verify/registry';
export type { VerifyToolName } from './verify/registry';
export { isTactileTool } from './tactile/registry';
export { type TactileButton } from './tactile/button';
export { operatorCall, buttonCall, appActionCall } from './tactile/operator-calls';
export type { DeviceButton, TypingKey, OperatorAppAction, OperatorInput } from './tactile/operator-calls';
export type { ElementSelector } from './verify/common';
export type { NetworkRequest } from './verify/classify';
export { parseToolArgs } from './parse';
export { parseEnvelope, parseToolCall } from './envelope';
export type { ToolEnvelope } from './envelope';
export { toolJsonSchema, allToolJsonSchemas } from './json-schema';
export type { JsonSchema } from './json-schema';
export { SEED_TIGHTENINGS, isTightenedPath } from './tightenings';

export type { ControlSelector } from './selector';
export type { ScaleAnchor, DragCalibration } from './calibration';
export type { ValueFeedback } from './feedback';
export type { TouchFrame } from './touch-frame';
export type { SequenceControlRequest } from './control-request';
export * from './steps';

export type { DeviceKey } from './tools/press-key';

export { fromAgentDialect } from './agent-dialect';
export type { AgentObservation } from './agent-dialect';
