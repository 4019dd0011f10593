// Building blocks shared by many tool schemas. Each mirrors one recurring fragment of the seed
// (000_58171f39be226953.txt) so a bound is written once and reused verbatim.
import { z } from 'zod';
import { utf16Max } from '../limits/utf16';

/** `{"type":"integer"}`. Tactile integers are safe integers (|n| ≤ 2^53−1): the only exact ones in JS. */
export const Int = z.int();

/** `[x, y]`: two integers in the action's coordinate_space (normalized 0..1000 or device pixels). */
export const PointSchema = z.tuple([Int, Int]);

/** `[left, top, right, bottom]`: four integers; right and bottom are exclusive. */
export const RectSchema = z.tuple([Int, Int, Int, Int]);

export const COORDINATE_SPACES = ['normalized', 'pixel'] as const;
export const CoordinateSpaceSchema = z.enum(COORDINATE_SPACES).default('normalized');

/** A resource id or other observed identifier: 1..512 characters. */
export const IdString = utf16Max(z.string().min(1), 512);

/** `anyOf: [X, {"type":"null"}], default: null` — the seed's optional-and-nullable pattern. */
export function nullable<T extends z.ZodType>(schema: T) {
  return schema.nullable().default(null);
}

export type Point = z.output<typeof PointSchema>;
export type Rect = z.output<typeof RectSchema>;
export type CoordinateSpace = (typeof COORDINATE_SPACES)[number];
