// $defs/ControlActionStep: a native control action member; its parameters sit in `request`.
import { z } from 'zod';
import { SequenceControlRequestSchema } from '../control-request';

export const ControlActionStepSchema = z
  .strictObject({
    action: z.literal('control_action'),
    request: SequenceControlRequestSchema,
  })
  .meta({ id: 'ControlActionStep' });
