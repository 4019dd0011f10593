// The recording session around the one send path (manual-control/send-action): before a call is sent the
// screen is observed afresh (what the operator acts on, and which nodes change on their own between two
// observations with no action: clocks, playback); after its receipt the call is appended to the document as
// recorded (recorded-call.ts), preceded by the wait for the gap since the previous one (gap-wait.ts), both
// under one named undo mark. A call refused before sending, or that sent nothing, is not recorded.
import type { ToolEnvelope } from '../../../shared/actions';
import type { Observation } from '../../../shared/ipc';
import type { Receipt } from '../../../shared/receipts/receipt';
import { useStore } from '../../app/store';
import { recordedOnOf } from '../flows/flow-doc';
import { refreshObservation } from '../node-tree/observe';
import { changedIds, gapWait } from './gap-wait';
import { recordedCall, type RecordedCall } from './recorded-call';

export interface SendSnapshot {
  observation: Observation | null;
  at: number;
}

interface Session {
  previous: RecordedCall | null;
  before: Observation | null;
  endedAt: number;
  unstable: Set<string>;
}

// Module-level: the recording's private memory (observations and timings between sends), read by the send path
// only; the store holds whether recording is on and the steps it records.
let session: Session = fresh();

function fresh(): Session {
  return { previous: null, before: null, endedAt: 0, unstable: new Set() };
}

/** Starts or stops recording; a new recording does not wait on the last one's screen. */
export function switchRecording(on: boolean): void {
  session = fresh();
  const s = useStore.getState();
  // A flow remembers the device it was first recorded on: the replay's geometry guard compares with it.
  if (on && s.deviceInfo && (s.flowMeta.recorded_on === null || s.document.steps.length === 0)) s.setFlowMeta({ recorded_on: recordedOnOf(s.deviceInfo) });
  s.setRecording(on);
}

/** Called before a call is sent: null when not recording. */
export async function beforeSend(): Promise<SendSnapshot | null> {
  if (!useStore.getState().recording) return null;
  const settled = useStore.getState().observation;
  await refreshObservation();
  const now = useStore.getState().observation;
  // Only two observations both made after the previous action ended show changes nobody made; an older one
  // would blame that action's own effect on the screen.
  if (settled && now && settled !== now && settled.observed_at > session.endedAt) for (const id of changedIds(settled, now)) session.unstable.add(id);
  return { observation: now, at: Date.now() };
}

const SENT: ReadonlySet<Receipt['status']> = new Set(['completed', 'partial', 'observed', 'unknown']);

/** Called with the receipt of a call sent while recording: appends it (and the wait before it). */
export function afterSend(envelope: ToolEnvelope, receipt: Receipt, snapshot: SendSnapshot | null): void {
  if (!snapshot || !useStore.getState().recording || !SENT.has(receipt.status)) return;
  const call = recordedCall(envelope, snapshot.observation);
  const envelopes: ToolEnvelope[] = [];
  if (session.previous) {
    const wait = gapWait({ previous: session.previous, before: session.before, now: snapshot.observation, next: call, gapMs: snapshot.at - session.endedAt, unstable: session.unstable });
    if (wait) envelopes.push(wait);
  }
  envelopes.push(call.envelope);
  // A gesture or pinch built in its editor is the document's last step, and Send sends exactly it: the recording
  // takes that step's place instead of leaving it beside the recorded call (a replay would send it twice).
  const last = useStore.getState().document.steps.at(-1);
  const replacing = last && last.source !== 'recorded' && sameCall(last.envelope, envelope) ? last.id : undefined;
  useStore.getState().insertSteps(envelopes, { mark: `record ${call.envelope.tool}`, source: 'recorded', ...(replacing !== undefined && { replacing }) });
  session.previous = call;
  session.before = snapshot.observation;
  session.endedAt = Date.now();
}

const sameCall = (a: ToolEnvelope, b: ToolEnvelope) => a === b || JSON.stringify(a) === JSON.stringify(b);
