// Fragments every seed-004 tool shares: the platform (Android only: the seed's iOS parts are out of scope),
// the optional deviceId, and the semantic element query find_element / wait_for_ui / expect_* resolve.
import { z } from 'zod';
import { utf16Max } from '../../limits/utf16';
import { IdString } from '../primitives';

/** Seed 004 names android and ios; Tactile drives Android only, so `ios` is refused at the schema. */
export const PlatformSchema = z.enum(['android']).default('android');

/** The device the call names; when given it must be the device the call runs on (checked by the executor). */
export const DeviceIdSchema = IdString.optional();

export const device = { platform: PlatformSchema, deviceId: DeviceIdSchema };

export const AppTargetSchema = z.strictObject({ ...device, appId: IdString });

/**
 * A semantic query: every given field must match. text and content_desc match exactly (confidence 1) or,
 * failing that, case-insensitively as a substring (lower confidence); resource_id and class_name match exactly.
 */
export const ElementSelectorSchema = z
  .strictObject({
    text: utf16Max(z.string().min(1), 4096).optional(),
    content_desc: IdString.optional(),
    resource_id: IdString.optional(),
    class_name: IdString.optional(),
  })
  .refine(
    (s) =>
      s.text !== undefined || s.content_desc !== undefined || s.resource_id !== undefined || s.class_name !== undefined,
    {
      message: 'a selector needs at least one of text, content_desc, resource_id, class_name',
    },
  );
export type ElementSelector = z.output<typeof ElementSelectorSchema>;

/** An element handle from find_element / wait_for_ui (opaque; encodes the identity and bounds it was resolved with). */
export const ElementIdSchema = utf16Max(z.string().min(1), 4096);

export const TimeoutSchema = (dflt: number) => z.int().min(1).max(30_000).default(dflt);
