// $defs/WaitUntilStep: a conditional wait member; inside a sequence it lasts at most 3 s (default 1.5 s).
import { z } from 'zod';
import { waitUntilShape } from '../tools/wait-until';

export const WaitUntilStepSchema = z
  .strictObject({
    ...waitUntilShape({ maxTimeoutMs: 3000, defaultTimeoutMs: 1500 }),
    action: z.literal('wait_until'),
  })
  .meta({ id: 'WaitUntilStep' });

export type WaitUntilStep = z.output<typeof WaitUntilStepSchema>;
