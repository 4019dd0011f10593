// Checks a timed multi-pointer plan before the helper injects anything: one continuous contact (one down
// ... one up), Android's pointer bookkeeping (every event lists exactly the pointers down, action_index names
// the pointer going down or up), times never decreasing, every point on the display. Never clamped.
import type { DeviceState } from './device-state';
import type { MotionEventPlan } from './requests';

export type InjectRefusal = { code: 'INVALID_ARGUMENT' | 'OFF_SCREEN'; path: string; message: string };

/** Largest number of pointers down at once. */
export function maxPointers(events: readonly MotionEventPlan[]): number {
  return events.reduce((max, e) => Math.max(max, e.pointers.length), 0);
}

function sameIds(ids: readonly number[], expected: ReadonlySet<number>): boolean {
  return ids.length === expected.size && ids.every((id) => expected.has(id));
}

export function injectRefusal(state: DeviceState, events: readonly MotionEventPlan[]): InjectRefusal | null {
  const down = new Set<number>();
  let previousT = 0;
  for (let i = 0; i < events.length; i++) {
    const e = events[i] as MotionEventPlan;
    const at = (field: string): string => `/events/${i}${field}`;
    const bad = (field: string, message: string): InjectRefusal => ({
      code: 'INVALID_ARGUMENT',
      path: at(field),
      message,
    });
    if (i === 0 && (e.action !== 'down' || e.t_ms !== 0)) return bad('', 'the first event must be a down at t_ms 0');
    if (i > 0 && e.action === 'down') return bad('/action', 'one inject is one continuous contact: a single down');
    if (e.t_ms < previousT) return bad('/t_ms', `t_ms ${e.t_ms} goes back before ${previousT}`);
    previousT = e.t_ms;
    const ids = e.pointers.map((p) => p.id);
    if (new Set(ids).size !== ids.length) return bad('/pointers', 'a pointer id appears twice');
    if (e.action_index >= e.pointers.length) return bad('/action_index', 'action_index names no pointer of the event');
    for (let k = 0; k < e.pointers.length; k++) {
      const p = e.pointers[k] as { x: number; y: number };
      if (p.x < 0 || p.x >= state.display.width || p.y < 0 || p.y >= state.display.height) {
        return {
          code: 'OFF_SCREEN',
          path: at(`/pointers/${k}`),
          message: `(${p.x}, ${p.y}) is off the ${state.display.width}x${state.display.height} display`,
        };
      }
    }
    const actor = (e.pointers[e.action_index] as { id: number }).id;
    const last = i === events.length - 1;
    if (e.action === 'down' || e.action === 'pointer_down') {
      if (e.action === 'down' && e.pointers.length !== 1) return bad('/pointers', 'down carries exactly one pointer');
      if (down.has(actor)) return bad('/action_index', `pointer ${actor} is already down`);
      down.add(actor);
      if (!sameIds(ids, down)) return bad('/pointers', 'the event must list exactly the pointers that are down');
    } else {
      if (!sameIds(ids, down)) return bad('/pointers', 'the event must list exactly the pointers that are down');
      if (e.action === 'up' && (e.pointers.length !== 1 || !last))
        return bad('/action', 'up lifts the last pointer and ends the plan');
      if (e.action === 'pointer_up' && e.pointers.length < 2)
        return bad('/action', 'pointer_up needs another pointer still down');
      if (e.action !== 'move') down.delete(actor);
    }
    if (last && e.action !== 'up') return bad('/action', 'the plan must end with up');
  }
  return null;
}
