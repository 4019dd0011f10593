// shared/gesture: what a validated call sends as touch input. Rules are documented at the top of each file.
export { type PointerStroke } from './timeline';
export { sampleMotionEvents, type MotionAction, type MotionEventPlan } from './sampler';
export { TAP_MS, planContacts, tapContact, tapStroke } from './contacts';
export { planToolCall, planValidatedCall, type DispatchPlan } from './plan';
export { DRAG_SETTLE_MS } from './drag-profile';
