// `touch`: the connection's one live contact, injected event by event as the host sends them (the console's
// Control tool follows the operator's pointer). The rules are inject's bookkeeping applied one event at a
// time: `down` (one pointer) starts a contact when none is down, every later event lists exactly the pointers
// down (pointer_down adds the one at action_index, pointer_up and up lift it, up only the last one), `cancel`
// lists every pointer down and ends the contact. Every event belongs to the operation that put the contact
// down. Points are on the display, never clamped (OFF_SCREEN); a cancel is never refused for its positions.
import type { DeviceState, LiveContact } from './device-state';
import type { InjectRefusal } from './inject';
import type { RequestOf } from './requests';

export type TouchRequest = RequestOf<'touch'>;

const sameIds = (pointers: ReadonlyArray<{ id: number }>, down: ReadonlyArray<{ id: number }>) =>
  pointers.length === down.length && pointers.every((p) => down.some((d) => d.id === p.id));

/** Why this event cannot be injected now (the contact is left as it is), or null. */
export function touchRefusal(state: DeviceState, req: TouchRequest): InjectRefusal | null {
  const contact = state.live_contact ?? null;
  const bad = (path: string, message: string): InjectRefusal => ({ code: 'INVALID_ARGUMENT', path, message });
  const ids = req.pointers.map((p) => p.id);
  if (new Set(ids).size !== ids.length) return bad('/pointers', 'a pointer id appears twice');
  if (req.action_index >= req.pointers.length)
    return bad('/action_index', 'action_index names no pointer of the event');
  if (req.action === 'down') {
    if (contact) return bad('/action', `a contact of operation ${contact.operation_id} is already down`);
    if (req.pointers.length !== 1) return bad('/pointers', 'down carries exactly one pointer');
  } else {
    if (!contact) return bad('/action', 'no contact is down: a contact starts with down');
    if (contact.operation_id !== req.operation_id)
      return bad('/operation_id', `the contact down belongs to operation ${contact.operation_id}`);
    const actor = req.pointers[req.action_index]!;
    if (req.action === 'pointer_down') {
      if (contact.pointers.some((p) => p.id === actor.id))
        return bad('/action_index', `pointer ${actor.id} is already down`);
      if (
        !sameIds(
          req.pointers.filter((_, i) => i !== req.action_index),
          contact.pointers,
        )
      )
        return bad('/pointers', 'the event must list exactly the pointers that are down');
    } else if (!sameIds(req.pointers, contact.pointers)) {
      return bad('/pointers', 'the event must list exactly the pointers that are down');
    }
    if (req.action === 'up' && req.pointers.length !== 1)
      return bad('/action', 'up lifts the last pointer; pointer_up lifts one of several');
    if (req.action === 'pointer_up' && req.pointers.length < 2)
      return bad('/action', 'pointer_up needs another pointer still down');
  }
  if (req.action === 'cancel') return null;
  for (let k = 0; k < req.pointers.length; k++) {
    const p = req.pointers[k]!;
    if (p.x < 0 || p.x >= state.display.width || p.y < 0 || p.y >= state.display.height) {
      return {
        code: 'OFF_SCREEN',
        path: `/pointers/${k}`,
        message: `(${p.x}, ${p.y}) is off the ${state.display.width}x${state.display.height} display`,
      };
    }
  }
  return null;
}

/** The contact after an accepted event injected at `now` (null once it ended). */
export function touchAfter(state: DeviceState, req: TouchRequest, now: number): LiveContact | null {
  if (req.action === 'up' || req.action === 'cancel') return null;
  const pointers = req.pointers
    .filter((_, i) => req.action !== 'pointer_up' || i !== req.action_index)
    .map((p) => ({ ...p }));
  return { operation_id: req.operation_id, down_time_ms: state.live_contact?.down_time_ms ?? now, pointers };
}
