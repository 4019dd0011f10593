// $defs/ClickStep: a tap member of action_sequence. Unlike the click tool, its target may be an exact
// observed resource_id (resolved to live bounds before tapping) and it declares its coordinate_space.
import { z } from 'zod';
import { CoordinateSpaceSchema, IdString, PointSchema, nullable } from '../primitives';

export const ClickStepSchema = z
  .strictObject({
    action: z.literal('click'),
    target: z.union([PointSchema, IdString]),
    target_description: IdString,
    coordinate_space: CoordinateSpaceSchema,
    /** Consecutive taps within this one member. */
    times: z.int().min(1).max(10).default(1),
    delay_ms: z.int().min(0).max(1000).default(100),
    /** resource_id inside a toggled panel: skip this opener click when it is already visible. */
    unless_visible: nullable(IdString),
  })
  .meta({ id: 'ClickStep' });

export type ClickStep = z.output<typeof ClickStepSchema>;
