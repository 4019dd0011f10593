// One action_sequence member: the 8 kinds of the seed, told apart by their `action` constant.
import { z } from 'zod';
import { ClickStepSchema } from './click';
import { DragStepSchema } from './drag';
import { WaitStepSchema } from './wait';
import { EnsureVisibleStepSchema } from './ensure-visible';
import { PinchStepSchema } from './pinch';
import { TouchGestureStepSchema } from './touch-gesture';
import { ControlActionStepSchema } from './control-action';
import { WaitUntilStepSchema } from './wait-until';

export { ClickStepSchema, DragStepSchema, WaitStepSchema, EnsureVisibleStepSchema, PinchStepSchema };
export { TouchGestureStepSchema, ControlActionStepSchema, WaitUntilStepSchema };
export type { ClickStep } from './click';
export type { EnsureVisibleStep } from './ensure-visible';
export type { PinchStep } from './pinch';
export type { TouchGestureStep } from './touch-gesture';
export type { WaitUntilStep } from './wait-until';

// The seed's anyOf of eight objects; a discriminated union gives an exact error for a wrong `action`.
export const StepSchema = z.discriminatedUnion('action', [
  ClickStepSchema,
  DragStepSchema,
  WaitStepSchema,
  EnsureVisibleStepSchema,
  PinchStepSchema,
  TouchGestureStepSchema,
  ControlActionStepSchema,
  WaitUntilStepSchema,
]);

export type Step = z.output<typeof StepSchema>;
