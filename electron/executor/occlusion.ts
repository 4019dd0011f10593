// The occlusion preview (`device.occlusion`): ONE helper `observe` (windows with their touchable regions and
// the nodes), judged by the protocol's reference evaluator (shared/occlusion), so the windows above and the
// visible region come from the same instant. Read-only: no lock is taken and nothing is dispatched.
import { randomUUID } from 'node:crypto';
import type { ControlSelector } from '../../shared/actions';
import type { DeviceState } from '../../shared/helper-protocol';
import { occlusionOf, type Occlusion } from '../../shared/occlusion';
import type { DeviceLinks } from './device-link';

/** A failure the IPC layer reports with its stable code (errorFromThrown keeps `code`). */
export class OcclusionError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly path = '',
  ) {
    super(message);
  }
}

export async function occlusionPreview(
  links: DeviceLinks,
  serial: string,
  selector: ControlSelector,
): Promise<Occlusion> {
  const link = await links.open(serial);
  const native = await link.native();
  if (!native)
    throw new OcclusionError(
      'CAPABILITY_UNAVAILABLE',
      'the occlusion preview needs the helper (window regions are not in a uiautomator dump)',
    );
  const reply = await native.request('observe', {}, `occlusion-${randomUUID()}`);
  if (!reply.ok) throw new OcclusionError(reply.error.code, reply.error.message);
  const state = {
    ...(reply.result as Omit<DeviceState, 'uptime_ms' | 'cancelled_operation_ids'>),
    uptime_ms: 0,
    cancelled_operation_ids: [],
  };
  const out = occlusionOf(state, selector);
  if (!out.ok) throw new OcclusionError(out.code, out.message, '/selector');
  return out.occlusion;
}
