// $defs/ControlSelector: every supplied attribute is an exact AND match against a fresh native node.
// "At least one semantic attribute" is a semantic rule (SELECTOR_NOT_SEMANTIC), checked in shared/validation.
import { z } from 'zod';
import { text16 } from '../limits/utf16';
import { IdString, RectSchema, nullable } from './primitives';

export const ControlSelectorSchema = z
  .strictObject({
    resource_id: nullable(IdString),
    text: nullable(text16(4096)),
    content_desc: nullable(IdString),
    class_name: nullable(IdString),
    package_name: nullable(IdString),
    /** Raw Android screen pixels (never the 0..1000 list bounds). */
    bounds: nullable(RectSchema),
  })
  .meta({ id: 'ControlSelector' });

export type ControlSelector = z.output<typeof ControlSelectorSchema>;
