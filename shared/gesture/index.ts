// shared/gesture: what a validated call sends as touch input. Rules are documented at the top of each file.
export { framesToStrokes, strokePositionAt, type Keyframe, type PointerStroke } from './timeline';
export {
  DEFAULT_MOTION_PERIOD_MS,
  sampleMotionEvents,
  type MotionAction,
  type MotionEventPlan,
  type MotionPointer,
} from './sampler';
export { MAX_PLAN_EVENTS, checkPlanBudget, plannedEvents } from './budget';
export { TAP_MS, isTapPlan, planContacts, tapContact, tapStroke } from './contacts';
export { planToolCall, type CalibrationPlan, type DispatchPlan, type PlanKind, type PlanResult } from './plan';
export { DRAG_SETTLE_MS, defaultDragProfile, dragKeyframes, type DragProfile } from './drag-profile';
