// The observation an agent saw: its elements carry the indices that agent-dialect targets refer to.
import { z } from 'zod';
import { tactileError, type TactileError } from '../../errors';
import { RectSchema, type Point, type Rect } from '../primitives';

// Loose: an observation may carry more per element (text, class, …) than the dialect needs.
export const AgentElementSchema = z.looseObject({
  index: z.int().min(0),
  resource_id: z.string().nullable().optional(),
  /** Normalized 0..1000, [left, top, right, bottom] with right/bottom exclusive. */
  bounds: RectSchema,
});

export const AgentObservationSchema = z
  .looseObject({
    elements: z.array(AgentElementSchema),
  })
  .superRefine((obs, ctx) => {
    const seen = new Set<number>();
    obs.elements.forEach((e, i) => {
      if (seen.has(e.index))
        ctx.addIssue({
          code: 'custom',
          path: ['elements', i, 'index'],
          message: `Element index ${e.index} appears twice`,
        });
      seen.add(e.index);
    });
  });

export type AgentElement = z.output<typeof AgentElementSchema>;
export type AgentObservation = z.output<typeof AgentObservationSchema>;

export type Resolved<T> = { ok: true; value: T } | { ok: false; errors: TactileError[] };

export function findElement(
  observation: AgentObservation | undefined,
  index: number,
  path: ReadonlyArray<string | number>,
): Resolved<AgentElement> {
  if (!observation) {
    return {
      ok: false,
      errors: [
        tactileError(
          'INVALID_ARGUMENT',
          path,
          `Element index ${index} needs the observation it came from; none was given.`,
        ),
      ],
    };
  }
  const element = observation.elements.find((e) => e.index === index);
  if (!element) {
    return {
      ok: false,
      errors: [tactileError('INVALID_ARGUMENT', path, `Element index ${index} is not in the observation.`)],
    };
  }
  return { ok: true, value: element };
}

/** Finds the one element with this resource_id; absent or repeated ids are refused, never guessed. */
export function findByResourceId(
  observation: AgentObservation | undefined,
  resourceId: string,
  path: ReadonlyArray<string | number>,
): Resolved<AgentElement> {
  const matches = observation?.elements.filter((e) => e.resource_id === resourceId) ?? [];
  if (matches.length !== 1) {
    const why = matches.length === 0 ? 'is not in the observation' : `matches ${matches.length} elements`;
    return {
      ok: false,
      errors: [tactileError('INVALID_ARGUMENT', path, `resource_id ${JSON.stringify(resourceId)} ${why}.`)],
    };
  }
  return { ok: true, value: matches[0]! };
}

/**
 * Centre of normalized bounds. Floor keeps the point inside [left, right) for exclusive right/bottom edges
 * (round could land on the excluded edge of a 1-unit box).
 */
export function centreOf(bounds: Rect): Point {
  const [l, t, r, b] = bounds;
  return [Math.floor((l + r) / 2), Math.floor((t + b) / 2)];
}
