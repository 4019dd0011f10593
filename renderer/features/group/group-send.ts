// Group control: with the switch on, a manual action goes to every ticked device at once through
// group.dispatch (each under its own lock, refused per device where invalid), restated in normalized
// coordinates first; each device's receipt lands in the receipts panel, refusals in the status line.
import type { ToolEnvelope } from '../../../shared/actions';
import type { ScreenSize } from '../../../shared/geometry';
import { api, errorText } from '../../app/api';
import { currentScreen } from '../../app/selectors';
import { useStore } from '../../app/store';
import { normalizedCall } from './normalized-call';

export function groupControlActive(): boolean {
  const s = useStore.getState();
  return s.groupControl && s.group.length > 0;
}

/** `screen`: the screen the call's pixels are on (the device in view, or the grid tile it was made on). */
export async function sendToGroup(
  envelope: ToolEnvelope,
  screen: ScreenSize | null = currentScreen(useStore.getState()),
): Promise<void> {
  const s = useStore.getState();
  if (!screen)
    return s.setControlMessage({ kind: 'error', text: 'group control needs the screen of the device in view' });
  const call = normalizedCall(envelope, screen);
  if (!call.ok)
    return s.setControlMessage({ kind: 'error', text: `${envelope.tool} not sent to the group — ${call.reason}` });
  s.setLastManualCall(call.envelope);
  s.setInFlight(1);
  try {
    const { results } = await api().request('group.dispatch', { serials: s.group, envelope: call.envelope });
    for (const r of results) if (r.receipt) useStore.getState().addReceipt(r.receipt);
    const bad = results.filter((r) => r.error || (r.receipt && r.receipt.code));
    const text = `${envelope.tool} on ${results.length} devices: ${results.length - bad.length} ok${bad.length ? `; ${bad.map((r) => `${r.serial} ${r.error?.code ?? r.receipt?.code ?? ''}`).join(', ')}` : ''}`;
    useStore.getState().setControlMessage({ kind: bad.length ? 'error' : 'info', text });
  } catch (error) {
    useStore
      .getState()
      .setControlMessage({ kind: 'error', text: `group ${envelope.tool} failed: ${errorText(error)}` });
  } finally {
    useStore.getState().setInFlight(-1);
  }
}
