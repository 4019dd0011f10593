// Send (keyframe editor and pinch tool): the document step as the editor shows it — its check is the one
// preparation (prepareCall against the device's screen and capabilities, document/steps.ts) that the stage
// paints, the timeline lists and, here, is sent: refused with its code exactly as the executor would, or sent
// through the executor under the device lock by the Control tool's own path (sendPrepared), and the receipt
// read back against that same plan (readback.ts). Only a check made for another screen is prepared again.
import { preparedOf, type Step } from '../../document/steps';
import { useStore } from '../../app/store';
import { prepareSend, previewedSend, sendPrepared } from '../../features/manual-control/send-action';
import { setEditor } from './editor-store';
import { readBack } from './readback';

export async function sendStep(step: Step): Promise<void> {
  const { envelope, check } = step;
  const previewed = preparedOf(check);
  const p = (previewed && previewedSend(envelope, previewed, check.screen)) ?? prepareSend(envelope);
  if (!p) return;
  if (!p.prepared.ok) {
    const i = p.prepared.issues[0]!;
    setEditor({ message: { kind: 'error', text: `not sent: ${i.code} at ${i.path || '/'} — ${i.message}` } });
    return;
  }
  const plan = p.prepared.plan;
  setEditor({ readback: null, message: { kind: 'info', text: 'sending…' } });
  const receipt = await sendPrepared(p);
  if (!receipt) {
    setEditor({ message: { kind: 'error', text: useStore.getState().controlMessage?.text ?? 'not sent' } });
    return;
  }
  const readback = readBack(plan, receipt);
  setEditor({
    readback,
    message: {
      kind: receipt.code ? 'error' : 'info',
      text: `${receipt.status}${receipt.code ? ` (${receipt.code})` : ''}: ${readback.note ?? `${readback.events.length} events, worst timing error ${readback.maxAbsErrorMs} ms`}`,
    },
  });
}
