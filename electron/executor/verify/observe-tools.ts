// Seed-004 observation: get_screen_fingerprint, get_current_activity, capture_debug_snapshot, capture_screenshot.
import type { ToolArgs } from '../../../shared/actions';
import { fingerprintLines, screenFingerprint, FINGERPRINT_VERSION } from '../../../shared/verify/fingerprint';
import { describe } from '../../../shared/verify/resolve';
import { appWindowId, type UiSnapshot } from '../../../shared/verify/snapshot';
import type { ExecContext } from '../context';
import { readFailed, screenshotImage } from '../tools/read-screen';
import { outcome, type Outcome } from '../outcome';
import { ACTIVITY_COMMAND, parseResumedActivity, splitActivity } from './activity';
import { observed, readError, withResult } from './result';
import { revise } from './revisions';
import { readSnapshot } from './ui-snapshot';

export function screenOf(s: UiSnapshot): { fingerprint: string; screen: string | null } {
  return { fingerprint: screenFingerprint(s), screen: s.activity };
}

export async function getScreenFingerprint(ctx: ExecContext): Promise<Outcome> {
  try {
    const s = await readSnapshot(ctx);
    const lines = fingerprintLines(s);
    return observed({
      ...screenOf(s),
      activity: s.activity,
      fingerprint_version: FINGERPRINT_VERSION,
      element_count: lines.length - 2,
      source: s.source,
    });
  } catch (e) {
    return readError(e);
  }
}

export async function getCurrentActivity(ctx: ExecContext): Promise<Outcome> {
  let dump: string;
  try {
    dump = await ctx.link.shell(ACTIVITY_COMMAND);
  } catch (e) {
    return readError(e);
  }
  const short = parseResumedActivity(dump);
  if (short === null)
    return withResult('observed', { package: null, activity: null }, 'NOT_FOUND', 'no activity is resumed');
  return observed({ ...splitActivity(short), component: short });
}

/** An indeterminate progress bar (a ProgressBar without a range) on the app window: the screen is loading. */
function loadingState(s: UiSnapshot): 'loading' | 'idle' | null {
  if (s.source !== 'helper') return null;
  const win = appWindowId(s);
  const spinning = s.nodes.some(
    (n) => n.window_id === win && n.flags.visible && /ProgressBar$/.test(n.class_name ?? '') && n.range === null,
  );
  return spinning ? 'loading' : 'idle';
}

export async function captureDebugSnapshot(
  ctx: ExecContext,
  args: ToolArgs<'capture_debug_snapshot'>,
): Promise<Outcome> {
  try {
    const s = await readSnapshot(ctx);
    const captured_at_ms = Date.now();
    const rev = revise(ctx.serial, s);
    const loading = loadingState(s);
    const win = appWindowId(s);
    const semantic = args.include_semantic
      ? {
          ...screenOf(s),
          interactive: s.nodes
            .map((n, i) => ({ n, i }))
            .filter(
              ({ n }) =>
                n.window_id === win &&
                n.flags.visible &&
                (n.flags.clickable || n.flags.editable || n.flags.checkable || n.range !== null || n.flags.scrollable),
            )
            .slice(0, 200)
            .map(({ n, i }) => describe(n, i, 1, 'interactive on the app window')),
        }
      : undefined;
    return observed({
      snapshot_revision: rev.snapshot_revision,
      previous_revision: rev.previous_revision,
      captured_at_ms,
      snapshot_delta: rev.snapshot_delta,
      ...(loading !== null && { loading_state: loading }),
      raw: { source: s.source, activity: s.activity, display: s.display, windows: s.windows, nodes: s.nodes },
      ...(semantic && { semantic }),
    });
  } catch (e) {
    return readError(e);
  }
}

export async function captureScreenshot(ctx: ExecContext): Promise<Outcome> {
  try {
    const image = await screenshotImage(ctx);
    return {
      ...outcome('observed'),
      observation_after: { image },
      result: { width: image['width'], height: image['height'], png_sha256: image['png_sha256'] },
    };
  } catch (e) {
    return readFailed(e);
  }
}
