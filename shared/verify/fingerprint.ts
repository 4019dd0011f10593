// What get_screen_fingerprint hashes: the screen's identity, not its momentary readings. In, one line each:
//   1. `activity:<package/.Activity>` (the resumed activity; `activity:none` when nothing is resumed);
//   2. one token per visible node of the app window (the focused application window; the status bar, overlays
//      and the keyboard are other windows and never count), as a sorted set (repeats collapse):
//      - a node with a resource id: `id:<class>|<resource id>` (its text, description, state and bounds are
//        readings, not identity);
//      - a node without one: `node:<class>|<content-desc>|<text>` where text is kept only when it has no
//        digit and the node is not editable (clocks, counters, timers, progress and typed text vary on one screen).
//   Left out: every node inside a scrollable container (the container itself stays), so the scroll offset of a
//   list, and which rows it shows, never matter; bounds of every node (animation frames, layout shifts);
//   checked/selected/focused flags and range values (expect_state verifies those).
// Different screens differ in activity, or in the ids and classes their visible nodes have.
import { sha256Hex } from '../helper-protocol';
import { appWindowId, insideScrollable, type UiSnapshot } from './snapshot';

export const FINGERPRINT_VERSION = 1;

const HAS_DIGIT = /\p{Nd}/u;

export function fingerprintLines(s: UiSnapshot): string[] {
  const win = appWindowId(s);
  const tokens = new Set<string>();
  s.nodes.forEach((n, i) => {
    if (n.window_id !== win || !n.flags.visible || insideScrollable(s, i)) return;
    const cls = n.class_name ?? '';
    if (n.resource_id) {
      tokens.add(`id:${cls}|${n.resource_id}`);
      return;
    }
    const text = n.text !== null && !n.flags.editable && !HAS_DIGIT.test(n.text) ? n.text : '';
    tokens.add(`node:${cls}|${n.content_desc ?? ''}|${text}`);
  });
  return [`v${FINGERPRINT_VERSION}`, `activity:${s.activity ?? 'none'}`, ...[...tokens].sort()];
}

/** The fingerprint: sha256 (hex) of the lines above joined by newlines. */
export function screenFingerprint(s: UiSnapshot): string {
  return sha256Hex(fingerprintLines(s).join('\n'));
}
