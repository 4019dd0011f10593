// The recording session around the one send path (manual-control/send-action): before a call is sent the
// screen is observed afresh (what the operator acts on, and which nodes change on their own between two
// observations with no action: clocks, playback); after its receipt the call is appended to the document as
// recorded (recorded-call.ts), preceded by the wait for the gap since the previous one (gap-wait.ts), both
// under one named undo mark and labelled after their target (labels.ts). A call refused before sending, or that
// sent nothing, is not recorded. Typing into one field is one step that sets the field's text (typing-run.ts); a
// finger moving over a scrollable node is a scroll of that node, settled once its end is seen
// (scroll-record.ts); the foreground app's package and version go to recorded_on.packages (packages.ts). A live
// contact (features/live-touch) is recorded from its receipt's call the same way, its snapshot taken at the press.
import type { ToolEnvelope } from '../../../shared/actions';
import type { Observation } from '../../../shared/ipc';
import type { ObservedNode } from '../../../shared/observation';
import type { Receipt } from '../../../shared/receipts/receipt';
import { api } from '../../app/api';
import { useStore } from '../../app/store';
import { recordedOnOf } from '../flows/flow-doc';
import { refreshObservation } from '../node-tree/observe';
import { changedIds, gapWait } from './gap-wait';
import { stepLabel } from './labels';
import { foregroundPackage, notePackage } from './packages';
import { recordedCall, type RecordedCall } from './recorded-call';
import { nativeScroll, resolveScroll, sameScroll, scrollMove, type ScrollMove } from './scroll-record';
import { targetAt } from './targets';
import {
  continueRun,
  correctRun,
  fieldKey,
  focusedField,
  isTypingCall,
  runEnvelope,
  startRun,
  type TypingRun,
} from './typing-run';

export interface SendSnapshot {
  observation: Observation | null;
  at: number;
}

interface PendingScroll {
  stepId: string;
  move: ScrollMove;
  /** The screen before the first move. */
  before: Observation | null;
}

interface Session {
  previous: RecordedCall | null;
  before: Observation | null;
  endedAt: number;
  /** When main finished the last recorded call (its receipt's finished_at): a reading requested earlier predates it. */
  inputEndedAt: number;
  unstable: Set<string>;
  typing: TypingRun | null;
  scroll: PendingScroll | null;
  packages: Set<string>;
}

// Module-level: the recording's private memory (observations and timings between sends), read by the send path
// only; the store holds whether recording is on and the steps it records.
let session: Session = fresh();

function fresh(): Session {
  return {
    previous: null,
    before: null,
    endedAt: 0,
    inputEndedAt: 0,
    unstable: new Set(),
    typing: null,
    scroll: null,
    packages: new Set(),
  };
}

/** Starts or stops recording; a new recording does not wait on the last one's screen. */
export function switchRecording(on: boolean): void {
  const ending = session;
  session = fresh();
  const s = useStore.getState();
  // A flow remembers the device it was first recorded on: the replay's geometry guard compares with it.
  if (on && s.deviceInfo && (s.flowMeta.recorded_on === null || s.document.steps.length === 0))
    s.setFlowMeta({ recorded_on: recordedOnOf(s.deviceInfo) });
  s.setRecording(on);
  if (!on && (ending.typing || ending.scroll)) void settleLast(ending);
}

/** At the end of a recording: the last typing and scroll steps take what the screen shows now. */
async function settleLast(ending: Session): Promise<void> {
  await refreshObservation();
  settle(ending, useStore.getState().observation, null);
}

/**
 * The open typing run and scroll take what `now` shows (the screen after their last input): the run the field's
 * text, the scroll its target. `next`: the call about to be recorded, or null when the recording ends.
 */
function settle(s: Session, now: Observation | null, next: RecordedCall | null): void {
  if (s.typing) {
    const corrected = correctRun(s.typing, now);
    if (corrected.text !== s.typing.text)
      useStore.getState().updateStep(corrected.stepId, runEnvelope(corrected.text), { mark: false });
    s.typing = corrected;
  }
  if (s.scroll && !(next && continuesScroll(s.scroll, next.envelope, now))) {
    const nextTarget = next?.node && now?.nodes.includes(next.node) ? next.node : null;
    const envelope = resolveScroll(s.scroll.move, s.scroll.before, now, nextTarget);
    const container = now?.nodes.find((n) => n.resource_id === s.scroll!.move.container) ?? null;
    useStore.getState().updateStep(s.scroll.stepId, envelope, { mark: false, label: stepLabel(envelope, container) });
    s.scroll = null;
  }
}

function continuesScroll(pending: PendingScroll, envelope: ToolEnvelope, now: Observation | null): boolean {
  const move = scrollMove(envelope, now);
  return move !== null && sameScroll(pending.move, move);
}

/** Called before a call is sent: null when not recording. */
export async function beforeSend(): Promise<SendSnapshot | null> {
  if (!useStore.getState().recording) return null;
  const settled = useStore.getState().observation;
  await refreshObservation();
  const now = useStore.getState().observation;
  // Only two observations both made after the previous action ended show changes nobody made; an older one
  // would blame that action's own effect on the screen.
  if (settled && now && settled !== now && settled.observed_at > session.endedAt)
    for (const id of changedIds(settled, now)) session.unstable.add(id);
  return { observation: now, at: Date.now() };
}

/**
 * The snapshot of a live contact (the Control tool's finger, features/live-touch): taken at the press without
 * observing first — the finger must reach the device at once. The last observation stands for the screen when it
 * was requested after the last recorded input ended; an older one shows the screen before that input (the rows
 * before a scroll, the shade before it closed) and would name whatever was there, so the screen is read again
 * alongside the press (the down has already left) and the contact is recorded against that reading — its own,
 * not the store's, which the console replaces with the screen after the contact.
 */
export async function snapshotNow(): Promise<SendSnapshot | null> {
  const s = useStore.getState();
  if (!s.recording) return null;
  const at = Date.now();
  if (s.observation && s.observedFrom >= session.inputEndedAt) return { observation: s.observation, at };
  const serial = s.selectedSerial;
  const observation = serial
    ? await api()
        .request('device.observe', { serial })
        .catch(() => null)
    : null;
  return { observation, at };
}

const SENT: ReadonlySet<Receipt['status']> = new Set(['completed', 'partial', 'observed', 'unknown']);

/** What a call is recorded as: its step, and the recorded call the next gap's wait is judged by. */
function recordedStep(
  call: RecordedCall,
  now: Observation | null,
): { envelope: ToolEnvelope; previous: RecordedCall; node: ObservedNode | null } {
  const move = scrollMove(call.envelope, now);
  if (move) {
    const container = now?.nodes.find((n) => n.resource_id === move.container) ?? null;
    return {
      envelope: nativeScroll(move),
      previous: { ...call, resourceId: move.container, near: container?.bounds_px ?? null },
      node: container,
    };
  }
  return {
    envelope: call.envelope,
    previous: call,
    node: call.node ?? (call.at && now ? targetAt(now, call.at.x, call.at.y).node : null),
  };
}

/** Called with the receipt of a call sent while recording: appends it (and the wait before it). */
export function afterSend(envelope: ToolEnvelope, receipt: Receipt, snapshot: SendSnapshot | null): void {
  if (!snapshot || !useStore.getState().recording || !SENT.has(receipt.status)) return;
  const now = snapshot.observation;
  session.inputEndedAt = Math.max(session.inputEndedAt, Date.parse(receipt.finished_at) || 0);
  const call = recordedCall(envelope, now);
  settle(session, now, call);
  const serial = useStore.getState().selectedSerial;
  const pkg = foregroundPackage(now);
  if (serial && pkg) void notePackage(serial, pkg, session.packages);

  // More of the same: another edit of the field being typed into, another move of the same scroll.
  const field = isTypingCall(envelope) ? focusedField(now) : null;
  if (field && session.typing?.field === fieldKey(field)) {
    session.typing = continueRun(session.typing, envelope);
    useStore.getState().updateStep(session.typing.stepId, runEnvelope(session.typing.text), { mark: false });
    session.endedAt = Date.now();
    return;
  }
  if (session.scroll && continuesScroll(session.scroll, envelope, now)) {
    session.endedAt = Date.now();
    return;
  }
  session.typing = null;

  const run = field ? startRun('', field, envelope) : null;
  const step = run ? { envelope: runEnvelope(run.text), previous: call, node: field } : recordedStep(call, now);
  const envelopes: ToolEnvelope[] = [];
  const labels: Array<string | null> = [];
  if (session.previous) {
    const wait = gapWait({
      previous: session.previous,
      before: session.before,
      now,
      next: step.previous,
      gapMs: snapshot.at - session.endedAt,
      unstable: session.unstable,
    });
    if (wait) {
      envelopes.push(wait);
      labels.push(stepLabel(wait, null));
    }
  }
  envelopes.push(step.envelope);
  labels.push(stepLabel(step.envelope, step.node));
  // A gesture or pinch built in its editor is the document's last step, and Send sends exactly it: the recording
  // takes that step's place instead of leaving it beside the recorded call (a replay would send it twice).
  const last = useStore.getState().document.steps.at(-1);
  const replacing = last && last.source !== 'recorded' && sameCall(last.envelope, envelope) ? last.id : undefined;
  const ids = useStore.getState().insertSteps(envelopes, {
    mark: `record ${step.envelope.tool}`,
    source: 'recorded',
    labels,
    ...(replacing !== undefined && { replacing }),
  });
  const stepId = ids.at(-1)!;
  if (run) session.typing = { ...run, stepId };
  const move = run ? null : scrollMove(call.envelope, now);
  if (move) session.scroll = { stepId, move, before: now };
  session.previous = step.previous;
  session.before = now;
  session.endedAt = Date.now();
}

const sameCall = (a: ToolEnvelope, b: ToolEnvelope) => a === b || JSON.stringify(a) === JSON.stringify(b);
