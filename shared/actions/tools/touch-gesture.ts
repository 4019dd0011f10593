// touch_gesture: 1..5 fingers held and moved through 2..32 keyframes in one continuous contact.
// Frame timing, finger count, merging and crossing are semantic checks (shared/validation).
import { z } from 'zod';
import { MAX_TOUCH_FRAMES, MIN_TOUCH_FRAMES } from '../bounds';
import { CoordinateSpaceSchema, IdString, RectSchema, nullable } from '../primitives';
import { TouchFrameSchema } from '../touch-frame';

export const touchGestureShape = {
  frames: z.array(TouchFrameSchema).min(MIN_TOUCH_FRAMES).max(MAX_TOUCH_FRAMES),
  coordinate_space: CoordinateSpaceSchema,
  target_description: IdString,
  require_visible: nullable(IdString),
  /** Observed gesture surface in coordinate_space; every finger path must stay inside. */
  region: nullable(RectSchema),
};

export const TouchGestureArgsSchema = z.strictObject(touchGestureShape);
