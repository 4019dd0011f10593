// Where each of prepareCall's issues is painted. The issue's JSON Pointer names the place:
// /args/frames/i/points/j → finger j at keyframe i (OFF_SCREEN, OUTSIDE_REGION, TOUCH_POINTS_MERGED at the
// frame; TOUCH_PATHS_CROSS on the segments i−1 → i of finger j and of the other finger its message names),
// /args/frames/i/at_ms → keyframe i's column (FRAMES_NOT_INCREASING), /args/frames/i/points → the column
// (FINGER_COUNT_MISMATCH); anything else (capabilities, the envelope) is a banner above the timeline.
import type { TactileError } from '../../../shared/errors';

export type IssueSpot =
  | { kind: 'point'; frame: number; finger: number }
  | { kind: 'segments'; frame: number; fingers: [number, number] }
  | { kind: 'frame'; frame: number }
  | { kind: 'banner' };

export interface PlacedIssue {
  issue: TactileError;
  spot: IssueSpot;
}

const POINT = /^\/args\/frames\/(\d+)\/points\/(\d+)$/;
const FRAME = /^\/args\/frames\/(\d+)(?:\/at_ms|\/points)?$/;
const PAIR = /fingers (\d+) and (\d+)/i;

export function placeIssue(issue: TactileError): PlacedIssue {
  const point = POINT.exec(issue.path);
  if (point) {
    const frame = Number(point[1]);
    const finger = Number(point[2]);
    if (issue.code === 'TOUCH_PATHS_CROSS') {
      const pair = PAIR.exec(issue.message);
      const other = pair ? Number(pair[1]) : finger;
      return { issue, spot: { kind: 'segments', frame, fingers: [other, finger] } };
    }
    return { issue, spot: { kind: 'point', frame, finger } };
  }
  const frame = FRAME.exec(issue.path);
  if (frame) return { issue, spot: { kind: 'frame', frame: Number(frame[1]) } };
  return { issue, spot: { kind: 'banner' } };
}

export function placeIssues(issues: readonly TactileError[]): PlacedIssue[] {
  return issues.map(placeIssue);
}

/** Issues on a keyframe's column: its timing/count issues and every issue of its points. */
export function frameIssues(placed: readonly PlacedIssue[], frame: number): PlacedIssue[] {
  return placed.filter((p) => p.spot.kind !== 'banner' && p.spot.frame === frame);
}
