// snapshot_revision: per device, in this process, a counter that moves when the UI content moves (any node's
// class, id, text, description, bounds, flags or value, or the activity). Each read is compared with the
// previous read of the same device, so a caller polling get_ui_hierarchy / capture_debug_snapshot sees
// `snapshot_delta` relative to what it saw last. A new process (each `tactile run`) starts at revision 1.
import { sha256Hex } from '../../../shared/helper-protocol';
import { diffSnapshots, type SnapshotDelta } from '../../../shared/verify/delta';
import type { UiSnapshot } from '../../../shared/verify/snapshot';

interface Seen {
  revision: number;
  hash: string;
  snapshot: UiSnapshot;
}

const seen = new Map<string, Seen>();

export interface Revisioned {
  snapshot_revision: number;
  /** Revision of the previous read this delta is against; null on the first read. */
  previous_revision: number | null;
  snapshot_delta: SnapshotDelta | null;
}

export function contentHash(s: UiSnapshot): string {
  return sha256Hex(
    JSON.stringify([
      s.activity,
      s.nodes.map((n) => [
        n.class_name,
        n.resource_id,
        n.text,
        n.content_desc,
        n.bounds_px,
        n.flags,
        n.range?.current ?? null,
      ]),
    ]),
  );
}

export function revise(serial: string, s: UiSnapshot): Revisioned {
  const hash = contentHash(s);
  const last = seen.get(serial);
  if (!last) {
    seen.set(serial, { revision: 1, hash, snapshot: s });
    return { snapshot_revision: 1, previous_revision: null, snapshot_delta: null };
  }
  const revision = last.hash === hash ? last.revision : last.revision + 1;
  seen.set(serial, { revision, hash, snapshot: s });
  return {
    snapshot_revision: revision,
    previous_revision: last.revision,
    snapshot_delta: diffSnapshots(last.snapshot, s),
  };
}
