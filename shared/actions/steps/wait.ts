// $defs/WaitStep: a fixed pause member of action_sequence (it counts as a member).
import { z } from 'zod';

export const WaitStepSchema = z
  .strictObject({
    action: z.literal('wait'),
    time_in_ms: z.int().min(0).max(10000),
  })
  .meta({ id: 'WaitStep' });
