// Every manual action goes the same way: prepared with shared/prepare against the device's screen and
// capabilities (the same prepareCall main runs before dispatch), refused locally with its code when invalid,
// otherwise sent to the executor through the contract; the receipt (or the local refusal) lands in the receipts
// panel and the node tree is observed again. While recording, the call is appended to the document as sent
// (recorder/session.ts). The receipt is returned (null when refused locally, failed, or sent to a group) for
// callers that show it, such as the calibrated-drag builder.
import { prepareCall } from '../../../shared/prepare';
import { api, errorText } from '../../app/api';
import { useStore } from '../../app/store';
import { observeWhenSettled } from '../node-tree/observe';
import { newOperationId, trackOperation } from '../cancel/operations';
import { afterSend, beforeSend } from '../recorder/session';
import { groupControlActive, sendToGroup } from '../group/group-send';
import type { Receipt } from '../../../shared/receipts';
import type { Envelope } from './envelopes';

export interface SendOptions {
  /**
   * Resolve once the receipt is in, and observe the screen in the background (typing on the mirror: the next
   * keys go out without waiting for the picture to settle). Default: resolve after the settled observation.
   */
  observeInBackground?: boolean;
}

/**
 * Resolves to the executor's receipt, or null when nothing reached the executor (refused here, or failed) or
 * the action went to a group (one receipt per device, in the receipts panel).
 */
export async function sendAction(envelope: Envelope, options: SendOptions = {}): Promise<Receipt | null> {
  // Group control on: the action goes to every ticked device instead (group/group-send.ts).
  if (groupControlActive()) {
    await sendToGroup(envelope);
    return null;
  }
  const state = useStore.getState();
  const serial = state.selectedSerial;
  const screen = state.observation?.screen ?? state.deviceInfo?.screen;
  if (!serial || !screen) {
    state.setControlMessage({ kind: 'error', text: 'Select an online device first.' });
    return null;
  }
  state.setLastManualCall(envelope);
  const checked = prepareCall(envelope, screen, state.capabilities?.capabilities ?? null);
  if (!checked.ok) {
    const e = checked.issues[0]!;
    state.setControlMessage({ kind: 'error', text: `${envelope.tool} refused before sending — ${e.code} at ${e.path || '/'}: ${e.message}` });
    // Nothing was sent, so main writes no receipt: the panel still shows the refusal with its code.
    state.addRefusal({ serial, envelope, errors: checked.issues });
    return null;
  }
  state.setInFlight(1);
  state.setControlMessage({ kind: 'info', text: `${envelope.tool} sent…` });
  let result: Receipt | null = null;
  try {
    const snapshot = await beforeSend();
    const operationId = newOperationId();
    const request = { serial, envelope, ...(operationId !== undefined && { operation_id: operationId }) };
    const { receipt } = await trackOperation(operationId, () => api().request('device.execute', request));
    useStore.getState().addReceipt(receipt);
    afterSend(envelope, receipt, snapshot);
    result = receipt;
    const text = `${receipt.tool}: ${receipt.status}${receipt.code ? ` (${receipt.code}${receipt.message ? `: ${receipt.message}` : ''})` : ''} in ${receipt.duration_ms} ms`;
    useStore.getState().setControlMessage({ kind: receipt.code ? 'error' : 'info', text });
  } catch (error) {
    useStore.getState().setControlMessage({ kind: 'error', text: `${envelope.tool} failed: ${errorText(error)}` });
  } finally {
    useStore.getState().setInFlight(-1);
  }
  const observed = observeWhenSettled();
  if (!options.observeInBackground) await observed;
  return result;
}
