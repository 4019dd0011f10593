// swipe: exactly one of `direction`, `start`+`end`, or `gesture` (a direction or [sx, sy, ex, ey]).
// Directional swipes are computed inside a scope: the whole screen (0..1000), an element index's bounds,
// a container rect [l, t, r, b], or (a choice where 001 is silent) an observed resource_id string.
// Coordinate swipes need target_description and take no scope target.
import { z } from 'zod';
import { tactileError, type TactileError } from '../../errors';
import { Int, PointSchema, RectSchema, nullable, type Point, type Rect } from '../primitives';
import { findByResourceId, findElement, type AgentObservation, type Resolved } from './observation';
import { SWIPE_DIRECTIONS, directionalSwipe } from './swipe-direction';
import { defineAgentTool } from './agent-tool';

const FULL_SCREEN: Rect = [0, 0, 1000, 1000];
const DEFAULT_DURATION_MS = 800;

const schema = z.strictObject({
  direction: nullable(z.enum(SWIPE_DIRECTIONS)),
  start: nullable(PointSchema),
  end: nullable(PointSchema),
  target: nullable(z.union([Int, RectSchema, z.string().min(1)])),
  gesture: nullable(z.union([z.enum(SWIPE_DIRECTIONS), z.tuple([Int, Int, Int, Int])])),
  target_description: nullable(z.string()),
  duration: nullable(Int),
});
type AgentSwipe = z.output<typeof schema>;

const refuse = (field: string, message: string): { ok: false; errors: TactileError[] } => ({
  ok: false,
  errors: [tactileError('INVALID_ARGUMENT', ['args', field], message)],
});

function scopeOf(target: AgentSwipe['target'], observation: AgentObservation | undefined): Resolved<Rect> {
  if (target === null) return { ok: true, value: FULL_SCREEN };
  if (Array.isArray(target)) {
    const [l, t, r, b] = target;
    return r > l && b > t
      ? { ok: true, value: target }
      : refuse('target', 'Container bounds need right > left and bottom > top.');
  }
  const found =
    typeof target === 'number'
      ? findElement(observation, target, ['args', 'target'])
      : findByResourceId(observation, target, ['args', 'target']);
  return found.ok ? { ok: true, value: found.value.bounds } : found;
}

export const agentSwipe = defineAgentTool('swipe', schema, (a, observation) => {
  const gestureDirection = typeof a.gesture === 'string' ? a.gesture : null;
  const gesturePoints = Array.isArray(a.gesture) ? a.gesture : null;
  const modes = [a.direction !== null, a.start !== null || a.end !== null, a.gesture !== null].filter(Boolean).length;
  if (modes !== 1) {
    return refuse(modes === 0 ? 'direction' : 'gesture', 'Give exactly one of direction, start+end, or gesture.');
  }
  const direction = a.direction ?? gestureDirection;
  if (direction !== null) {
    const scope = scopeOf(a.target, observation);
    if (!scope.ok) return scope;
    const swipe = directionalSwipe(direction, scope.value);
    return { ok: true, value: { ...swipe, duration_ms: a.duration ?? swipe.duration_ms } };
  }
  if (a.target !== null)
    return refuse('target', 'target scopes a directional swipe only; coordinate swipes take none.');
  if (!a.target_description)
    return refuse('target_description', 'target_description is required for a coordinate swipe.');
  let start: Point;
  let end: Point;
  if (gesturePoints) {
    start = [gesturePoints[0], gesturePoints[1]];
    end = [gesturePoints[2], gesturePoints[3]];
  } else if (a.start && a.end) {
    start = a.start;
    end = a.end;
  } else {
    return refuse(a.start ? 'end' : 'start', 'A coordinate swipe needs both start and end.');
  }
  return { ok: true, value: { start, end, duration_ms: a.duration ?? DEFAULT_DURATION_MS } };
});
