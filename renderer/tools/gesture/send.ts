// Send (keyframe editor and pinch tool): the call prepared with prepareCall against the device's screen and
// capabilities (refused here, with its code, exactly as the executor would), then sent through the executor
// under the device lock by the Control tool's own path (sendAction), and the receipt read back against the
// plan (readback.ts).
import type { ToolEnvelope } from '../../../shared/actions';
import { prepareCall } from '../../../shared/prepare';
import { currentCapabilities, currentScreen } from '../../app/selectors';
import { useStore } from '../../app/store';
import { sendAction } from '../../features/manual-control/send-action';
import { setEditor } from './editor-store';
import { readBack } from './readback';

export async function sendCall(envelope: ToolEnvelope): Promise<void> {
  const s = useStore.getState();
  const screen = currentScreen(s);
  if (!screen) return;
  const prepared = prepareCall(envelope, screen, currentCapabilities(s));
  if (!prepared.ok) {
    const i = prepared.issues[0]!;
    setEditor({ message: { kind: 'error', text: `not sent: ${i.code} at ${i.path || '/'} — ${i.message}` } });
    return;
  }
  setEditor({ readback: null, message: { kind: 'info', text: 'sending…' } });
  const receipt = await sendAction(envelope);
  if (!receipt) {
    setEditor({ message: { kind: 'error', text: useStore.getState().controlMessage?.text ?? 'not sent' } });
    return;
  }
  const readback = readBack(prepared.plan, receipt);
  setEditor({
    readback,
    message: { kind: receipt.code ? 'error' : 'info', text: `${receipt.status}${receipt.code ? ` (${receipt.code})` : ''}: ${readback.note ?? `${readback.events.length} events, worst timing error ${readback.maxAbsErrorMs} ms`}` },
  });
}
