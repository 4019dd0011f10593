// $defs/PinchStep: the pinch tool's arguments as an action_sequence member.
import { z } from 'zod';
import { pinchShape } from '../tools/pinch';

export const PinchStepSchema = z.strictObject({ ...pinchShape, action: z.literal('pinch') }).meta({ id: 'PinchStep' });

export type PinchStep = z.output<typeof PinchStepSchema>;
