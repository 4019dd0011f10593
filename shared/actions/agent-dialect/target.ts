// Element-index or [x, y] targets of the agent dialect (click, long_press, input_text).
import { z } from 'zod';
import { tactileError } from '../../errors';
import { Int, PointSchema, nullable, type Point } from '../primitives';
import { centreOf, findElement, type AgentObservation, type Resolved } from './observation';

/** An element index (int) or normalized coordinates (a list of 2 integers). */
export const AgentTargetSchema = z.union([Int, PointSchema]);
/** What the target is, in a few words; required for a coordinate pair, ignored for an element index. */
export const AgentTargetDescriptionSchema = nullable(z.string());

export interface ResolvedTarget {
  point: Point;
  /** The indexed element's resource_id, when it has one. */
  resourceId: string | null;
}

export function resolveTarget(
  target: z.output<typeof AgentTargetSchema>,
  description: string | null,
  observation: AgentObservation | undefined,
): Resolved<ResolvedTarget> {
  if (typeof target === 'number') {
    const found = findElement(observation, target, ['args', 'target']);
    if (!found.ok) return found;
    return { ok: true, value: { point: centreOf(found.value.bounds), resourceId: found.value.resource_id ?? null } };
  }
  if (description === null || description.length === 0) {
    return {
      ok: false,
      errors: [
        tactileError(
          'INVALID_ARGUMENT',
          ['args', 'target_description'],
          'target_description is required when target is a coordinate pair.',
        ),
      ],
    };
  }
  return { ok: true, value: { point: target, resourceId: null } };
}
