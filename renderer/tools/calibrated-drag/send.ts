// Send and Correct for the builder: Send sends the drag as the builder's one evaluation prepared it (the call,
// plan and issues the builder and the stage preview show), Correct prepares its proposal; both go to the executor
// under the device lock by the Control tool's path (sendPrepared); the receipt's value feedback decides what comes next. Correct proposes
// a second drag for the observed residual only, from the response the first drag measured
// (shared/calibration's proposeCorrection, gain 1: never beyond the target on purpose).
import { centerOn, positionOf, proposeCorrection, rangeAnchors, type DragCall } from '../../../shared/calibration';
import type { ControlSelector } from '../../../shared/actions';
import type { Prepared } from '../../../shared/prepare';
import type { Receipt } from '../../../shared/receipts';
import { currentScreen } from '../../app/selectors';
import { useStore } from '../../app/store';
import { prepareSend, previewedSend, sendAction, sendPrepared } from '../../features/manual-control/send-action';
import type { CalibratedRun } from './slice';

/** What to change when the executor refuses a move it already saw fail. */
export const STRATEGY_REPEATED_HINT =
  "the executor refused repeating a move that already failed: change the distance by more than 1.5×, zoom the app's scale so the value spans more pixels, or rebuild the drag from fresh anchors";

function judge(run: CalibratedRun, call: DragCall, receipt: Receipt | null): CalibratedRun {
  const attempts = [...run.attempts.slice(0, -1), { call, receipt }];
  if (!receipt)
    return {
      attempts,
      sending: false,
      note: { code: 'NOT_SENT', text: 'the drag was not sent: see the control message' },
      proposal: null,
    };
  if (receipt.code === 'STRATEGY_REPEATED')
    return {
      attempts,
      sending: false,
      note: { code: 'STRATEGY_REPEATED', text: STRATEGY_REPEATED_HINT },
      proposal: null,
    };
  if (receipt.code)
    return {
      attempts,
      sending: false,
      note: { code: receipt.code, text: receipt.message ?? receipt.status },
      proposal: null,
    };
  const c = proposeCorrection(call, { feedback: receipt.feedback ?? null, calibration: receipt.calibration ?? null });
  if (c.ok) return { attempts, sending: false, note: null, proposal: c };
  return {
    attempts,
    sending: false,
    note: c.reason === 'WITHIN_TOLERANCE' ? null : { code: c.reason, text: c.message },
    proposal: null,
  };
}

async function dispatch(call: DragCall, before: CalibratedRun | null, previewed: Prepared | null): Promise<void> {
  const { setCalRun } = useStore.getState();
  const p = (previewed && previewedSend(call, previewed, currentScreen(useStore.getState()))) ?? prepareSend(call);
  if (!p) return;
  const pending: CalibratedRun = {
    attempts: [...(before?.attempts ?? []), { call, receipt: null }],
    sending: true,
    note: null,
    proposal: null,
  };
  setCalRun(pending);
  const receipt = await sendPrepared(p);
  setCalRun(judge(pending, call, receipt));
}

/** Sends the drag as the builder evaluated it: `prepared` is that evaluation's (what the preview shows). */
export const sendCalibrated = (call: DragCall, prepared: Prepared): Promise<void> => dispatch(call, null, prepared);

/** Sends the proposed correction of the last attempt. */
export async function sendCorrection(): Promise<void> {
  const run = useStore.getState().calRun;
  if (!run?.proposal || run.sending) return;
  await dispatch(run.proposal.call, run, null);
}

/**
 * A range control's anchors from its range reading (read_control through the executor): min and max at the
 * track's ends, and the start on the thumb (its current value's position).
 */
export async function readRangeAnchors(selector: ControlSelector): Promise<void> {
  const receipt = await sendAction({ tool: 'read_control', args: { selector } });
  const s = useStore.getState();
  const c = receipt?.control;
  const anchors = c?.range ? rangeAnchors({ bounds_px: c.bounds_px, range: c.range }) : null;
  if (!c || !anchors) {
    s.setControlMessage({
      kind: 'error',
      text: `no range reading for this control${receipt?.code ? ` (${receipt.code})` : ''}: pick two positions and type their values`,
    });
    return;
  }
  const y = Math.round(centerOn(c.bounds_px, 'y'));
  const at = (position: number) => ({
    x: position,
    y,
    label: `track ${position === anchors[0].position ? 'min' : 'max'}`,
  });
  s.updateCalDraft({
    anchors: [
      { point: at(anchors[0].position), text: String(anchors[0].value), source: 'range' },
      { point: at(anchors[1].position), text: String(anchors[1].value), source: 'range' },
    ],
    start: { x: Math.round(positionOf(c.range!.current, anchors)), y, label: `thumb at ${c.range!.current}` },
  });
}
