// $defs/TouchGestureStep: the touch_gesture tool's arguments as an action_sequence member.
import { z } from 'zod';
import { touchGestureShape } from '../tools/touch-gesture';

export const TouchGestureStepSchema = z
  .strictObject({ ...touchGestureShape, action: z.literal('touch_gesture') })
  .meta({ id: 'TouchGestureStep' });

export type TouchGestureStep = z.output<typeof TouchGestureStepSchema>;
